import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  encrypted: boolean;
  text: string | undefined;
}

export const isZip = (b: Buffer): boolean => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;

/**
 * The entries of a zip answer (central directory), with their text when stored or deflated and not
 * encrypted, so a probe can see what an archive carries without a zip library.
 */
export function zipEntries(buf: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65535); i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  const out: ZipEntry[] = [];
  for (let n = 0; n < count && buf.readUInt32LE(at) === 0x02014b50; n++) {
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extraLen = buf.readUInt16LE(at + 30);
    const commentLen = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    const encrypted = (flags & 1) === 1;
    let text: string | undefined;
    if (!encrypted) {
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      const data = buf.subarray(start, start + size);
      try {
        text = (method === 0 ? data : method === 8 ? inflateRawSync(data) : Buffer.alloc(0)).toString('utf8');
      } catch {
        text = undefined;
      }
    }
    out.push({ name, encrypted, text });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
