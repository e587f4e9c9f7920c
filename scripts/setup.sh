#!/usr/bin/env bash
# Installs what is missing and builds what is stale. Usage: scripts/setup.sh start|test|test-packages
# (test-packages: the Debian packages of `test` only, so npm test can start the newcomer path beside its build).
# Debian packages come from apt-get (the appliance runs as root); npm packages from `npm ci`.
set -euo pipefail
cd "$(dirname "$0")/.."
# Node.js of scripts/node-version first on PATH (installed from the npm registry when the machine's is older).
source scripts/node-runtime.sh
purpose="${1:-start}"

need=()
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
command -v ffprobe >/dev/null 2>&1 || need+=(ffmpeg)
# Metric-compatible fonts for the OSD (Calibri, Times New Roman, Arial) and CJK for the console.
[ -e /usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf ] || need+=(fonts-crosextra-carlito)
[ -e /usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf ] || need+=(fonts-liberation)
# The OSD text in Chinese (zh_CN, zh_HK): Noto Sans CJK, drawn when the text has characters the Latin font lacks
# (apps/server/src/media/osd-fonts.ts); the console's CJK too.
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || need+=(fonts-noto-cjk)
# The box's capture devices for the Video and Audio screens (apps/server/src/host/capture-devices.ts): v4l2-ctl lists
# the V4L2 cameras and capture cards, arecord and aplay the ALSA sound devices.
command -v v4l2-ctl >/dev/null 2>&1 || need+=(v4l-utils)
command -v arecord >/dev/null 2>&1 || need+=(alsa-utils)
# The RTSP outputs: GStreamer's RTSP server run by /usr/bin/python3 through PyGObject (apps/server/rtsp/rtsp-serve.py),
# with tsdemux and h264parse (plugins-bad), udpsrc, the RTP payloaders and aacparse (plugins-good).
for pkg in gir1.2-gst-rtsp-server-1.0 python3-gi gstreamer1.0-plugins-good gstreamer1.0-plugins-bad; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ "$purpose" = test ] || [ "$purpose" = test-packages ]; then
  [ -x /usr/bin/chromium ] || need+=(chromium)
  # Tesseract with Simplified and Traditional Chinese reads the OSD text back from a rendered still (media tests).
  for pkg in tesseract-ocr tesseract-ocr-chi-sim tesseract-ocr-chi-tra; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  # unzip -t checks the batch-download zips (tests); zip -0 is the reference of bench/batch-zip.mjs.
  command -v unzip >/dev/null 2>&1 || need+=(unzip)
  command -v zip >/dev/null 2>&1 || need+=(zip)
  # 7-Zip opens the AES-256 system-log zip (getSysLog) in its tests; Info-ZIP's unzip cannot.
  command -v 7zz >/dev/null 2>&1 || command -v 7z >/dev/null 2>&1 || need+=(7zip)
  # socat's pseudo-terminal pairs stand in for the RS-232/RS-485 ports (PTZ and control-panel tests, bench/ptz-latency.mjs).
  command -v socat >/dev/null 2>&1 || need+=(socat)
  # zbarimg decodes the PPT screen's QR code (e2e/tests/ppt.spec.ts).
  command -v zbarimg >/dev/null 2>&1 || need+=(zbar-tools)
  # cc and libc's headers (with linux/videodev2.h) build the emulated V4L2 camera of apps/server/test/media/emulated-v4l2.
  command -v cc >/dev/null 2>&1 || need+=(gcc)
  dpkg -s libc6-dev >/dev/null 2>&1 || need+=(libc6-dev)
  # A real RTSP camera for the media tests: the same RTSP server with x264enc (plugins-ugly) for its picture.
  dpkg -s gstreamer1.0-plugins-ugly >/dev/null 2>&1 || need+=(gstreamer1.0-plugins-ugly)
  # nginx run by the tests (packages/test-servers): a real RTMP destination for the RTMP output tests (vitest and
  # browser), with the RTMP module, and the HTTP cache of deploy/nginx/roomcast-live.conf in front of the service.
  for pkg in nginx-light libnginx-mod-rtmp; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  # Real upload servers for the FTP/FTPS/SFTP tests and bench/upload-throughput.mjs: pyftpdlib (pyOpenSSL for
  # FTPS) and OpenSSH's sshd, each started by the test on loopback with a scratch root; sftp and curl are the references.
  for pkg in python3-pyftpdlib python3-openssl openssh-server openssh-client curl; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  # HTTPS (apps/server/test/tls): openssl s_client checks the protocols and suites; pebble, the ACME test server,
  # issues the box's certificate over HTTP-01 on loopback.
  # certutil (libnss3-tools) gives Chromium a scratch NSS database that trusts the box's certificate
  # (e2e/tests/https-trust.spec.ts); testssl.sh scans the HTTPS port as a campus would (npm run test:faults).
  # OpenLDAP's slapd on loopback is the campus directory of the LDAP login tests (packages/test-servers/src/slapd.ts).
  # promtool (Debian's prometheus) lints GET /metrics and checks and unit-tests the alert rules of deploy/prometheus.
  for pkg in openssl pebble libnss3-tools testssl.sh slapd prometheus; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
fi
if [ "${#need[@]}" -gt 0 ]; then
  echo "setup: installing Debian packages: ${need[*]}"
  if [ "$(id -u)" -ne 0 ]; then echo "setup: run as root to install ${need[*]}" >&2; exit 1; fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
[ "$purpose" = test-packages ] && exit 0

# npm dependencies: `npm ci` when node_modules is missing, older than the lock file, or built for another Node.js
# (native addons are compiled for one Node ABI).
# node_modules/.roomcast-node.json names the Node.js that built it: the runtime a release carries
# (scripts/make-update-bundle.mjs).
node_built="$(node -p 'JSON.stringify({ version: process.version, abi: `${process.platform}-${process.arch}-${process.versions.modules}`, execPath: process.execPath })')"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ] ||
  [ "$(cat node_modules/.roomcast-node.json 2>/dev/null)" != "$node_built" ]; then
  echo "setup: npm ci (Node.js $(node -v))"
  npm ci --no-audit --no-fund
  # The native addon must load on this node (built against its headers: npm_config_nodedir, scripts/node-runtime.sh).
  if ! node -e "new (require('better-sqlite3'))(':memory:').close()" 2>/dev/null; then
    echo "setup: better-sqlite3 does not load on Node.js $(node -v); building it again"
    npm rebuild better-sqlite3
    node -e "new (require('better-sqlite3'))(':memory:').close()"
  fi
  echo "$node_built" >node_modules/.roomcast-node.json
fi

# Build each part whose sources are newer than its build stamp.
stale() { # stamp dir...
  local stamp="$1"; shift
  [ -f "$stamp" ] || return 0
  [ -n "$(find "$@" -newer "$stamp" -type f -print -quit 2>/dev/null)" ]
}
if stale packages/contract/dist/.stamp packages/contract/src packages/contract/package.json; then
  echo "setup: building the contract"
  npm run build -w @roomcast/contract --silent && touch packages/contract/dist/.stamp
fi
# The loopback doubles of cloud services (tests and benchmarks only).
if [ "$purpose" = test ] && stale packages/cloud-doubles/dist/.stamp packages/cloud-doubles/src packages/cloud-doubles/package.json; then
  echo "setup: building the cloud doubles"
  npm run build -w @roomcast/cloud-doubles --silent && touch packages/cloud-doubles/dist/.stamp
fi
# The real servers tests start on loopback (nginx as an RTMP destination or an HTTP cache; tests and benchmarks only).
if [ "$purpose" = test ] && stale packages/test-servers/dist/.stamp packages/test-servers/src packages/test-servers/package.json; then
  echo "setup: building the test servers"
  npm run build -w @roomcast/test-servers --silent && touch packages/test-servers/dist/.stamp
fi
if stale apps/server/dist/.stamp apps/server/src packages/contract/dist/.stamp; then
  echo "setup: building the service"
  npm run build -w @roomcast/server --silent && touch apps/server/dist/.stamp
fi
if stale apps/console/dist/.stamp apps/console/src apps/console/index.html apps/console/vite.config.ts packages/contract/src; then
  echo "setup: building the console"
  npm run build -w @roomcast/console --silent && touch apps/console/dist/.stamp
fi
