# Sourced by setup.sh, start.sh and test.sh: puts the Node.js release of scripts/node-version (the current LTS) first
# on PATH when the machine's own `node` is older, so npm, the builds, the service, the tests and the benchmarks all
# run on it. Node's official build comes from the npm registry (node-linux-<arch>, checked against the registry's
# integrity hash by npm), with the headers native addons (better-sqlite3, argon2) compile against.
# Kept in ROOMCAST_NODE_CACHE (default ~/.cache/roomcast), shared by every checkout of the machine.
roomcast_node_runtime() {
  local root want major have arch dir tmp
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  want="$(tr -d '[:space:]' <"$root/scripts/node-version")"
  major="${want%%.*}"
  have="$(node -p 'process.versions.node' 2>/dev/null || echo 0)"
  if [ "${have%%.*}" -ge "$major" ]; then
    # Native addons compile against the headers of the node on PATH, whatever npm's nodedir says (it may be /usr
    # and another release's, or lost with npm's variables in a fresh terminal started from this one).
    dir="$(cd "$(dirname "$(command -v node)")/.." && pwd)"
    [ -f "$dir/include/node/node_version.h" ] && export npm_config_nodedir="$dir"
    return 0
  fi
  case "$(uname -m)" in
    x86_64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "setup: no Node.js $want build for $(uname -m) on the npm registry; install Node.js $major or newer" >&2; return 1 ;;
  esac
  dir="${ROOMCAST_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/roomcast}/node-v$want-linux-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    echo "setup: Node.js $have is older than $major; installing Node.js $want (node-linux-$arch from the npm registry)"
    mkdir -p "$(dirname "$dir")"
    tmp="$(mktemp -d "$dir.XXXXXX")" || return 1
    # A half-unpacked runtime never takes the final name: unpack beside it, then rename.
    if ! (cd "$tmp" && npm pack --silent "node-linux-$arch@$want" >/dev/null &&
      mkdir unpacked && tar -xzf "node-linux-$arch-$want.tgz" --strip-components=1 -C unpacked &&
      unpacked/bin/node -e 'process.exit(0)'); then
      rm -rf "$tmp"
      echo "setup: could not install Node.js $want from the npm registry" >&2
      return 1
    fi
    rm -rf "$dir" && mv "$tmp/unpacked" "$dir" && rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  # node-gyp builds native addons against this release's headers, not the machine's (npm's nodedir may be /usr).
  export npm_config_nodedir="$dir"
}
roomcast_node_runtime || exit 1
