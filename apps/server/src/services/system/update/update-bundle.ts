import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { z } from 'zod';
import { Fail } from '../../core/index.js';

/*
 * The update bundle (docs/update.md): an uncompressed tar of exactly three entries, in this order:
 *   manifest.json   what the bundle is: version, commit, and the payload's size, SHA-256, unpacked size and file count
 *   manifest.sig    base64 of the Ed25519 signature over manifest.json's exact bytes
 *   payload.tar.gz  the release: a gzip'd tar of regular files and folders only
 * The signature covers the manifest and the manifest covers the payload, so the whole bundle is checked before a byte
 * of the payload is unpacked. scripts/make-update-bundle.mjs makes bundles with the functions below.
 */
export const BUNDLE = {
  format: 'roomcast-update/1',
  product: 'roomcast',
  manifest: 'manifest.json',
  signature: 'manifest.sig',
  payload: 'payload.tar.gz',
  manifestMaxBytes: 64 * 1024,
  signatureMaxBytes: 1024,
} as const;

/** A release's version is also its folder's name: numbers and an optional pre-release tag, nothing a path could use. */
export const RELEASE_VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,6}(-[0-9A-Za-z][0-9A-Za-z.-]{0,40})?$/;

export const Manifest = z
  .object({
    format: z.literal(BUNDLE.format),
    product: z.literal(BUNDLE.product),
    version: z.string().regex(RELEASE_VERSION),
    commit: z.string().regex(/^([0-9a-f]{40})?$/),
    created: z.string().max(40),
    payload: z
      .object({
        name: z.literal(BUNDLE.payload),
        size: z.number().int().positive(),
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        unpackedSize: z.number().int().nonnegative(),
        files: z.number().int().positive(),
      })
      .strict(),
  })
  .strict();
export type Manifest = z.infer<typeof Manifest>;

/** An Ed25519 public key from its text: a PEM block (`openssl pkey -pubout`) or base64 of its 32 raw bytes. */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim();
  let key: KeyObject;
  if (trimmed.includes('-----BEGIN')) key = createPublicKey(trimmed);
  else {
    const raw = Buffer.from(trimmed, 'base64');
    if (raw.length !== 32) throw new Error('an Ed25519 public key is 32 bytes (base64) or a PEM block');
    key = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error(`the update key must be Ed25519, not ${key.asymmetricKeyType}`);
  return key;
}

/** The key's 32 raw bytes, base64 (what UPDATE_PUBLIC_KEY takes). */
export function rawPublicKey(key: KeyObject): string {
  return Buffer.from(key.export({ format: 'jwk' }).x ?? '', 'base64url').toString('base64');
}

/** What the Update page and the bundle maker show of a key, to tell keys apart: `SHA256:` and base64 of its hash. */
export function keyFingerprint(key: KeyObject): string {
  const raw = Buffer.from(key.export({ format: 'jwk' }).x ?? '', 'base64url');
  return `SHA256:${createHash('sha256').update(raw).digest('base64').replace(/=+$/, '')}`;
}

/** The manifest's bytes as they are stored and signed, and their signature. */
export function signManifest(manifest: Manifest, privateKey: KeyObject): { bytes: Buffer; signature: Buffer } {
  const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
  return { bytes, signature: sign(null, bytes, privateKey) };
}

/** One entry of a tar being read: its header and its bytes. */
export type TarEntry = AsyncIterable<Buffer> & { header: tar.Header; resume(): unknown };

/** The entries of a tar stream, one at a time; each must be read (or resumed) before the next comes. */
export async function* tarEntries(input: Readable): AsyncGenerator<TarEntry> {
  const extract = tar.extract();
  input.on('error', (err) => extract.destroy(err));
  input.pipe(extract as unknown as NodeJS.WritableStream);
  try {
    for await (const entry of extract) yield entry as unknown as TarEntry;
  } finally {
    extract.destroy();
    input.destroy();
  }
}

async function readAll(entry: TarEntry, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += (chunk as Buffer).length;
    if (size > max) throw Fail.of('updateNotBundle');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** The bundle's outer tar cannot be read on: before its manifest's header a foreign file, after it a cut one. */
function readFailure(recognized: boolean): Fail {
  return Fail.of(recognized ? 'updateTruncated' : 'updateNotBundle');
}

/**
 * Checks a bundle on disk without unpacking anything: the outer entries, the manifest's signature against `key`,
 * the manifest, and the payload's size and SHA-256. Answers the manifest, or fails with the contract message that
 * says what is wrong.
 */
export async function verifyBundle(file: string, key: KeyObject): Promise<Manifest> {
  let seen = 0;
  let recognized = false;
  let manifestBytes: Buffer | undefined;
  let manifest: Manifest | undefined;
  let payloadChecked = false;
  try {
    for await (const entry of tarEntries(createReadStream(file))) {
      const { name, type, size } = entry.header;
      if (seen === 0) {
        if (name !== BUNDLE.manifest || type !== 'file' || size > BUNDLE.manifestMaxBytes) throw Fail.of('updateNotBundle');
        recognized = true;
        manifestBytes = await readAll(entry, BUNDLE.manifestMaxBytes);
      } else if (seen === 1) {
        if (name !== BUNDLE.signature || type !== 'file') throw Fail.of('updateUnsigned');
        const signature = Buffer.from((await readAll(entry, BUNDLE.signatureMaxBytes)).toString('ascii').trim(), 'base64');
        if (signature.length !== 64 || !verify(null, manifestBytes!, key, signature)) throw Fail.of('updateBadSignature');
        manifest = parseManifest(manifestBytes!);
      } else if (seen === 2) {
        if (name !== BUNDLE.payload || type !== 'file' || size !== manifest!.payload.size) throw Fail.of('updateTampered');
        const hash = createHash('sha256');
        for await (const chunk of entry) hash.update(chunk as Buffer);
        if (hash.digest('hex') !== manifest!.payload.sha256) throw Fail.of('updateTampered');
        payloadChecked = true;
      } else throw Fail.of('updateTampered');
      seen++;
    }
  } catch (err) {
    if (err instanceof Fail) throw err;
    throw readFailure(recognized);
  }
  if (seen === 0) throw Fail.of('updateNotBundle');
  if (seen === 1) throw Fail.of('updateUnsigned');
  if (!payloadChecked || !manifest) throw Fail.of('updateTruncated');
  return manifest;
}

function parseManifest(bytes: Buffer): Manifest {
  try {
    const parsed = Manifest.safeParse(JSON.parse(bytes.toString('utf8')));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: refused below
  }
  throw Fail.of('updateBadManifest');
}

/** One entry of a payload as the bundle maker (or a test) writes it: a file from disk or from bytes, or a folder. */
export interface PayloadEntry {
  name: string;
  type?: 'file' | 'directory' | 'symlink' | 'link' | 'fifo';
  mode?: number;
  /** A file's bytes, or `path` of a file to copy. */
  data?: Buffer;
  path?: string;
  size?: number;
  linkname?: string;
}

/** Writes a payload (gzip'd tar) to `out`; answers what the manifest says of it. */
export async function packPayload(
  entries: Iterable<PayloadEntry> | AsyncIterable<PayloadEntry>,
  out: string,
): Promise<Manifest['payload']> {
  const pack = tar.pack();
  const hash = createHash('sha256');
  let size = 0;
  const counted = async function* (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  };
  const written = pipeline(pack as unknown as Readable, createGzip({ level: 9 }), counted, createWriteStream(out));
  let unpackedSize = 0;
  let files = 0;
  try {
    for await (const e of entries) {
      const type = e.type ?? 'file';
      const entrySize = type === 'file' ? (e.data?.length ?? e.size ?? 0) : 0;
      unpackedSize += entrySize;
      files++;
      const header = { name: e.name, type, mode: e.mode ?? (type === 'directory' ? 0o755 : 0o644), size: entrySize, linkname: e.linkname };
      await new Promise<void>((resolve, reject) => {
        const done = (err?: Error | null) => (err ? reject(err) : resolve());
        if (type !== 'file' || e.data) pack.entry(header, e.data ?? Buffer.alloc(0), done);
        else createReadStream(e.path!).pipe(pack.entry(header, done) as unknown as NodeJS.WritableStream);
      });
    }
    pack.finalize();
  } catch (err) {
    pack.destroy(err as Error);
    throw err;
  }
  await written;
  return { name: BUNDLE.payload, size, sha256: hash.digest('hex'), unpackedSize, files };
}

/**
 * Writes a bundle's outer tar: the manifest's bytes, the signature (omitted when undefined: tests of unsigned
 * bundles) and the payload file.
 */
export async function packBundle(opts: {
  manifest: Buffer;
  signature: Buffer | undefined;
  payloadFile: string;
  payloadSize: number;
  out: string;
}) {
  const pack = tar.pack();
  const written = pipeline(pack as unknown as Readable, createWriteStream(opts.out));
  const add = (name: string, data: Buffer) =>
    new Promise<void>((resolve, reject) => pack.entry({ name, mode: 0o644 }, data, (err) => (err ? reject(err) : resolve())));
  await add(BUNDLE.manifest, opts.manifest);
  if (opts.signature) await add(BUNDLE.signature, Buffer.from(`${opts.signature.toString('base64')}\n`, 'ascii'));
  await new Promise<void>((resolve, reject) => {
    const sink = pack.entry({ name: BUNDLE.payload, mode: 0o644, size: opts.payloadSize }, (err) => (err ? reject(err) : resolve()));
    createReadStream(opts.payloadFile).pipe(sink as unknown as NodeJS.WritableStream);
  });
  pack.finalize();
  await written;
}
