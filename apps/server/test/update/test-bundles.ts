import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  BUNDLE,
  packBundle,
  packPayload,
  rawPublicKey,
  signManifest,
  type Manifest,
  type PayloadEntry,
} from '../../src/services/system/update/update-bundle.js';

/** An Ed25519 key pair and the public key's text as UPDATE_PUBLIC_KEY takes it. */
export function testKey(): { privateKey: KeyObject; publicKey: KeyObject; publicText: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { privateKey, publicKey, publicText: rawPublicKey(publicKey) };
}

/** The smallest release the service accepts: its entry point and a package.json with the version. */
export function tinyRelease(version: string, main = 'console.log("roomcast");\n'): PayloadEntry[] {
  return [
    { name: 'package.json', data: Buffer.from(JSON.stringify({ name: 'roomcast', version })) },
    { name: 'apps/server/dist/main.js', data: Buffer.from(main), mode: 0o755 },
  ];
}

export interface BundleOptions {
  version?: string;
  entries?: PayloadEntry[];
  /** The private key that signs. */
  signWith: KeyObject;
  /** Leave manifest.sig out. */
  unsigned?: boolean;
  /** Change the manifest's bytes after they were signed. */
  alterManifest?: (bytes: Buffer) => Buffer;
  /** Change the signature after signing. */
  alterSignature?: (sig: Buffer) => Buffer;
  /** Change the payload after the manifest was signed (same length). */
  alterPayload?: (bytes: Buffer) => Buffer;
  /** Change the manifest before it is signed (a signed but wrong manifest). */
  manifest?: (m: Manifest) => Manifest;
}

/** A bundle as scripts/make-update-bundle.mjs makes it, with the ways a test spoils it. */
export async function makeBundle(opts: BundleOptions): Promise<Buffer> {
  const work = mkdtempSync(join(tmpdir(), 'roomcast-test-bundle-'));
  try {
    const version = opts.version ?? '2.0.0';
    const payloadFile = join(work, BUNDLE.payload);
    const payload = await packPayload(opts.entries ?? tinyRelease(version), payloadFile);
    const manifest = (opts.manifest ?? ((m) => m))({
      format: BUNDLE.format,
      product: BUNDLE.product,
      version,
      commit: 'a'.repeat(40),
      created: new Date().toISOString(),
      payload,
    });
    const signed = signManifest(manifest, opts.signWith);
    if (opts.alterPayload) writeFileSync(payloadFile, opts.alterPayload(readFileSync(payloadFile)));
    const out = join(work, 'bundle.tar');
    await packBundle({
      manifest: opts.alterManifest ? opts.alterManifest(signed.bytes) : signed.bytes,
      signature: opts.unsigned ? undefined : (opts.alterSignature ?? ((s) => s))(signed.signature),
      payloadFile,
      payloadSize: payload.size,
      out,
    });
    return readFileSync(out);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Everything under a folder (files with their bytes' length, links with their target, folders), to compare before and after. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(d, name);
      const st = statSync(path, { throwIfNoEntry: false });
      const rel = relative(dir, path);
      let link: string | undefined;
      try {
        link = readlinkSync(path);
      } catch {
        link = undefined;
      }
      if (link !== undefined) out[rel] = `-> ${link}`;
      else if (st?.isDirectory()) {
        out[rel] = 'dir';
        walk(path);
      } else out[rel] = `${readFileSync(path).toString('base64').slice(0, 64)}:${st?.size}`;
    }
  };
  walk(dir);
  return out;
}
