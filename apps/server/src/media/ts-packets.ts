/** MPEG-TS packet facts the fan-out needs: packets are 188 bytes starting with 0x47. */
export const TS_PACKET = 188;
export const SYNC_BYTE = 0x47;

export function pidOf(p: Buffer, at = 0): number {
  return ((p[at + 1]! & 0x1f) << 8) | p[at + 2]!;
}

export function payloadUnitStart(p: Buffer, at = 0): boolean {
  return (p[at + 1]! & 0x40) !== 0;
}

/** The random-access indicator of the adaptation field: set by ffmpeg's muxer on video keyframes. */
export function isRandomAccess(p: Buffer, at = 0): boolean {
  const afc = (p[at + 3]! >> 4) & 0x3;
  if (afc !== 2 && afc !== 3) return false;
  const length = p[at + 4]!;
  return length > 0 && (p[at + 5]! & 0x40) !== 0;
}

/** PIDs of the program map tables listed in a PAT packet. */
export function pmtPidsOfPat(p: Buffer, at = 0): number[] {
  let i = at + 4;
  if ((p[at + 3]! >> 4) & 0x2) i += 1 + p[at + 4]!;
  if (payloadUnitStart(p, at)) i += 1 + p[i]!;
  const sectionLength = ((p[i + 1]! & 0x0f) << 8) | p[i + 2]!;
  const end = Math.min(i + 3 + sectionLength - 4, at + TS_PACKET);
  const pids: number[] = [];
  for (let j = i + 8; j + 4 <= end; j += 4) {
    const program = (p[j]! << 8) | p[j + 1]!;
    if (program !== 0) pids.push(((p[j + 2]! & 0x1f) << 8) | p[j + 3]!);
  }
  return pids;
}

/** Video elementary stream PIDs (H.264 0x1b, HEVC 0x24) listed in a PMT packet. */
export function videoPidsOfPmt(p: Buffer, at = 0): number[] {
  let i = at + 4;
  if ((p[at + 3]! >> 4) & 0x2) i += 1 + p[at + 4]!;
  if (payloadUnitStart(p, at)) i += 1 + p[i]!;
  const sectionLength = ((p[i + 1]! & 0x0f) << 8) | p[i + 2]!;
  const end = Math.min(i + 3 + sectionLength - 4, at + TS_PACKET);
  const programInfoLength = ((p[i + 10]! & 0x0f) << 8) | p[i + 11]!;
  const pids: number[] = [];
  for (let j = i + 12 + programInfoLength; j + 5 <= end; ) {
    const type = p[j]!;
    const pid = ((p[j + 1]! & 0x1f) << 8) | p[j + 2]!;
    const esInfo = ((p[j + 3]! & 0x0f) << 8) | p[j + 4]!;
    if (type === 0x1b || type === 0x24) pids.push(pid);
    j += 5 + esInfo;
  }
  return pids;
}

/** Start of a packet's payload (after the header and any adaptation field), or -1 when it carries none. */
export function payloadOffset(p: Buffer, at = 0): number {
  const afc = (p[at + 3]! >> 4) & 0x3;
  if (afc === 0 || afc === 2) return -1;
  const offset = afc === 3 ? 5 + p[at + 4]! : 4;
  return offset < TS_PACKET ? at + offset : -1;
}

/** The PTS (90 kHz, 33 bits) of the PES that begins in this packet, or undefined (no PES start or no PTS). */
export function pesPtsOf(p: Buffer, at = 0): number | undefined {
  if (!payloadUnitStart(p, at)) return undefined;
  const i = payloadOffset(p, at);
  if (i < 0 || i + 14 > at + TS_PACKET) return undefined;
  if (p[i] !== 0 || p[i + 1] !== 0 || p[i + 2] !== 1) return undefined;
  if ((p[i + 7]! & 0x80) === 0) return undefined;
  const b = i + 9;
  // 33 bits in 5 bytes with marker bits; multiplied, not shifted (JavaScript's shifts are 32-bit).
  return ((p[b]! >> 1) & 0x07) * 2 ** 30 + (p[b + 1]! << 22) + ((p[b + 2]! >> 1) << 15) + (p[b + 3]! << 7) + (p[b + 4]! >> 1);
}

/** PTS ticks from `from` to `to` (90 kHz), across the 33-bit wrap. */
export function ptsDelta(from: number, to: number): number {
  return (to - from + 2 ** 33) % 2 ** 33;
}

/** Byte offset of the PCR in a packet's adaptation field, or -1 when it carries none. */
export function pcrOffset(p: Buffer, at = 0): number {
  const afc = (p[at + 3]! >> 4) & 0x3;
  if ((afc !== 2 && afc !== 3) || p[at + 4]! < 7 || (p[at + 5]! & 0x10) === 0) return -1;
  return at + 6;
}

/** The 33-bit base (90 kHz) of the PCR at `i` (its 27 MHz extension is left alone). */
export function pcrBaseAt(p: Buffer, i: number): number {
  return p[i]! * 2 ** 25 + (p[i + 1]! << 17) + (p[i + 2]! << 9) + (p[i + 3]! << 1) + (p[i + 4]! >> 7);
}

/** Writes a PCR base at `i`, keeping the reserved bits and the extension. */
export function setPcrBaseAt(p: Buffer, i: number, base: number): void {
  const b = base % 2 ** 33;
  p[i] = Math.floor(b / 2 ** 25) & 0xff;
  p[i + 1] = Math.floor(b / 2 ** 17) & 0xff;
  p[i + 2] = Math.floor(b / 2 ** 9) & 0xff;
  p[i + 3] = Math.floor(b / 2) & 0xff;
  p[i + 4] = ((b % 2) << 7) | (p[i + 4]! & 0x7f);
}

/** The DTS of the PES that begins in this packet (its PTS when it has no DTS), or undefined. */
export function pesDtsOf(p: Buffer, at = 0): number | undefined {
  const pts = pesPtsOf(p, at);
  if (pts === undefined) return undefined;
  const i = payloadOffset(p, at);
  if ((p[i + 7]! & 0xc0) !== 0xc0 || i + 19 > at + TS_PACKET) return pts;
  const b = i + 14;
  return ((p[b]! >> 1) & 0x07) * 2 ** 30 + (p[b + 1]! << 22) + ((p[b + 2]! >> 1) << 15) + (p[b + 3]! << 7) + (p[b + 4]! >> 1);
}
