/**
 * Where a moment of a recording is in its parts: the part (1-based) and the milliseconds into it, from the parts'
 * durations in order (a recording split by the segmentation limits plays part by part). A moment past the end is in
 * the last part; a recording without parts has everything in part 1.
 */
export function placeInParts(positionMs: number, partsMs: readonly number[]): { part: number; offset: number } {
  let start = 0;
  for (let i = 0; i < partsMs.length; i++) {
    const length = partsMs[i]!;
    if (positionMs < start + length || i === partsMs.length - 1) return { part: i + 1, offset: Math.max(0, positionMs - start) };
    start += length;
  }
  return { part: 1, offset: Math.max(0, positionMs) };
}
