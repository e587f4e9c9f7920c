#!/usr/bin/env node
// Makes a signed Roomcast update bundle (docs/update.md), or the key pair to sign with, or a release folder.
//
//   node scripts/make-update-bundle.mjs --keygen <dir>
//       writes <dir>/update-key.pem (the private key, 0600: keep it off the devices) and <dir>/update-key.pub (the
//       public key, base64 of its 32 bytes: UPDATE_PUBLIC_KEY or the file UPDATE_PUBLIC_KEY_FILE names).
//   node scripts/make-update-bundle.mjs --key <update-key.pem> [--out <file>] [--from <release dir> --version <v>]
//       the bundle of this checkout's build (run `npm run build` first), or of a release folder made otherwise;
//       written to roomcast-<version>.update.tar unless --out says where.
//   node scripts/make-update-bundle.mjs --release <dir>
//       lays this checkout's build out as a release folder (a first installation: docs/operations.md "Upgrades").
//
// A release is what the launcher starts: package.json, build-info.json (version and commit: a release has no .git),
// apps/server (package.json, node-flags, dist, rtsp), apps/console/dist, the production node_modules of the service
// (the contract as a folder, not a workspace link), deploy/, and runtime/: the Node.js that built node_modules. Only regular files: links are followed or left out.
import { execFileSync } from 'node:child_process';
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIST = join(ROOT, 'apps/server/dist');

const { values: opts } = parseArgs({
  options: {
    key: { type: 'string' },
    out: { type: 'string' },
    from: { type: 'string' },
    version: { type: 'string' },
    keygen: { type: 'string' },
    release: { type: 'string' },
  },
});

function fail(message) {
  console.error(`make-update-bundle: ${message}`);
  process.exit(1);
}

/** The bundle format and the build's record live in the service's code: one definition for maker and checker. */
async function serverModules() {
  if (!existsSync(join(SERVER_DIST, 'services/system/update/update-bundle.js')))
    fail('the service is not built (apps/server/dist is missing): run `npm run build` first');
  const bundle = await import(join(SERVER_DIST, 'services/system/update/update-bundle.js'));
  const build = await import(join(SERVER_DIST, 'build-info.js'));
  return { ...bundle, ...build };
}

/**
 * Every regular file under `dir`, as paths relative to it (links followed when they lead to a file or folder);
 * `skip(rel, isFolder)` leaves out a file or a whole folder.
 */
function walk(dir, skip = () => false, base = dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    const rel = relative(base, path);
    let st;
    try {
      st = statSync(path);
    } catch {
      continue; // a dangling link
    }
    if (skip(rel, st.isDirectory())) continue;
    if (st.isDirectory()) out.push(...walk(path, skip, base));
    else if (st.isFile()) out.push(rel);
  }
  return out;
}

/** The production packages of the service, from npm: folders under a node_modules (not the workspaces themselves). */
function productionPackages() {
  const listed = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable', '-w', '@roomcast/server'], {
    cwd: ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return [...new Set(listed.split('\n').filter(Boolean))]
    .map((p) => relative(ROOT, p))
    .filter((p) => p.split(sep).includes('node_modules') && !p.startsWith(`node_modules${sep}@roomcast${sep}`));
}

/** A native addon's build leftovers: of its build/ only the .node files count, and its bundled C sources not at all. */
function nativeLeftover(pkgDir, rel, isFolder) {
  if (!existsSync(join(ROOT, pkgDir, 'binding.gyp'))) return false;
  const [top] = rel.split(sep);
  return top === 'deps' || (top === 'build' && !isFolder && !rel.endsWith('.node'));
}

/** [path in the release, source file] for this checkout's build. */
function releaseFiles() {
  for (const need of ['apps/server/dist/main.js', 'apps/console/dist/index.html', 'packages/contract/dist/index.js'])
    if (!existsSync(join(ROOT, need))) fail(`${need} is missing: run \`npm run build\` first`);
  const files = [];
  const tree = (from, to = from, skip) => {
    for (const rel of walk(join(ROOT, from), skip)) files.push([join(to, rel), join(ROOT, from, rel)]);
  };
  files.push(['apps/server/package.json', join(ROOT, 'apps/server/package.json')]);
  files.push(['apps/server/node-flags', join(ROOT, 'apps/server/node-flags')]);
  tree('apps/server/dist', 'apps/server/dist', (rel) => rel === '.stamp');
  tree('apps/server/rtsp');
  tree('apps/console/dist', 'apps/console/dist', (rel) => rel === '.stamp');
  tree('deploy');
  files.push(['node_modules/@roomcast/contract/package.json', join(ROOT, 'packages/contract/package.json')]);
  tree('packages/contract/dist', 'node_modules/@roomcast/contract/dist', (rel) => rel === '.stamp' || rel.startsWith(`docs${sep}`));
  for (const pkg of productionPackages())
    tree(pkg, pkg, (rel, isFolder) => rel.split(sep).includes('node_modules') || nativeLeftover(pkg, rel, isFolder));
  // The release runs on the Node.js its native addons were built for (the launcher starts runtime/bin/node).
  const runtime = builtRuntime();
  files.push(['runtime/bin/node', runtime.execPath]);
  const license = join(dirname(runtime.execPath), '../LICENSE');
  if (existsSync(license)) files.push(['runtime/LICENSE', license]);
  return files;
}

/** The Node.js that built node_modules, as scripts/setup.sh recorded it: {version, abi, execPath}. */
function builtRuntime() {
  const record = join(ROOT, 'node_modules/.roomcast-node.json');
  if (!existsSync(record)) fail('node_modules/.roomcast-node.json is missing: run `bash scripts/setup.sh start` first');
  const runtime = JSON.parse(readFileSync(record, 'utf8'));
  if (!existsSync(runtime.execPath))
    fail(`${runtime.execPath}, the Node.js that built node_modules, is gone: run \`bash scripts/setup.sh start\``);
  return runtime;
}

/** The release's own package.json and build-info.json: its version, and the commit a release cannot ask git for. */
function releaseRecords(mods) {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const commit = mods.gitCommit(ROOT) ?? '';
  const packageJson = {
    name: pkg.name,
    version: pkg.version,
    private: true,
    type: pkg.type,
    license: pkg.license,
    description: pkg.description,
  };
  return {
    version: pkg.version,
    commit,
    records: [
      ['package.json', Buffer.from(`${JSON.stringify(packageJson, null, 2)}\n`)],
      [
        mods.BUILD_INFO_FILE,
        Buffer.from(
          `${JSON.stringify({ version: pkg.version, commit, built: new Date().toISOString(), node: builtRuntime().version }, null, 2)}\n`,
        ),
      ],
    ],
  };
}

function keygen(dir) {
  mkdirSync(dir, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const priv = join(dir, 'update-key.pem');
  if (existsSync(priv)) fail(`${priv} exists: a new key would orphan every device that trusts the old one`);
  writeFileSync(priv, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x, 'base64url').toString('base64');
  writeFileSync(join(dir, 'update-key.pub'), `${raw}\n`);
  console.log(`private key: ${priv} (keep it safe and off the devices)`);
  console.log(`public key:  ${join(dir, 'update-key.pub')}: ${raw}`);
}

async function layOut(dir) {
  const mods = await serverModules();
  if (existsSync(dir) && readdirSync(dir).length) fail(`${dir} is not empty`);
  const { version, records } = releaseRecords(mods);
  for (const [rel, bytes] of records) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), bytes);
  }
  for (const [rel, source] of releaseFiles()) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    copyFileSync(source, join(dir, rel));
  }
  console.log(`release ${version} laid out in ${dir}`);
}

async function makeBundle() {
  const mods = await serverModules();
  const privateKey = createPrivateKey(readFileSync(opts.key));
  if (privateKey.asymmetricKeyType !== 'ed25519') fail('the key must be an Ed25519 private key (PEM)');
  let version;
  let commit = '';
  let entries;
  if (opts.from) {
    const from = resolve(opts.from);
    const info = existsSync(join(from, mods.BUILD_INFO_FILE)) ? JSON.parse(readFileSync(join(from, mods.BUILD_INFO_FILE), 'utf8')) : {};
    version = opts.version ?? info.version;
    commit = info.commit ?? '';
    entries = walk(from).map((rel) => ({
      name: rel.split(sep).join('/'),
      path: join(from, rel),
      size: statSync(join(from, rel)).size,
      mode: modeOf(join(from, rel)),
    }));
  } else {
    const made = releaseRecords(mods);
    version = made.version;
    commit = made.commit;
    entries = [
      ...made.records.map(([name, data]) => ({ name, data })),
      ...releaseFiles().map(([rel, path]) => ({ name: rel.split(sep).join('/'), path, size: statSync(path).size, mode: modeOf(path) })),
    ];
  }
  if (!version || !mods.RELEASE_VERSION.test(version))
    fail(`the version "${version ?? ''}" is not a release version (e.g. 1.2.3 or 1.2.3-rc.1)`);
  const out = resolve(opts.out ?? `roomcast-${version}.update.tar`);
  const work = mkdtempSync(join(tmpdir(), 'roomcast-bundle-'));
  try {
    const payloadFile = join(work, 'payload.tar.gz');
    const payload = await mods.packPayload(entries, payloadFile);
    const manifest = {
      format: mods.BUNDLE.format,
      product: mods.BUNDLE.product,
      version,
      commit,
      created: new Date().toISOString(),
      payload,
    };
    const { bytes, signature } = mods.signManifest(manifest, privateKey);
    await mods.packBundle({ manifest: bytes, signature, payloadFile, payloadSize: payload.size, out });
    const key = createPublicKey(privateKey);
    console.log(
      `${out}: Roomcast ${version}${commit ? ` (${commit.slice(0, 7)})` : ''}, ${payload.files} files, ${(payload.size / 1048576).toFixed(1)} MB`,
    );
    console.log(`signed with the key ${mods.keyFingerprint(key)} (the Update page shows the fingerprint of the key it trusts)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function modeOf(path) {
  return statSync(path).mode & 0o111 ? 0o755 : 0o644;
}

if (opts.keygen) keygen(resolve(opts.keygen));
else if (opts.release) await layOut(resolve(opts.release));
else if (opts.key) await makeBundle();
else fail('usage: --keygen <dir> | --key <update-key.pem> [--out <file>] [--from <dir> --version <v>] | --release <dir>');
