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
