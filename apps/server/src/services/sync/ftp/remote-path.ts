/**
 * Remote paths built from safe parts only: each part of a remote path is a name of letters, digits and
 * `_ . - @ + , =` (anything else becomes `_`), never empty, never `.` or `..`, never starting with `-` or `.`
 * (no option look-alikes, no hidden files), at most 200 characters. The folder of the settings (`path`) is
 * already limited by the contract to such names; it is cut into parts and checked again here.
 */
const UNSAFE = /[^\p{L}\p{N}_.\-@+,=]/gu;

export function safePart(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(UNSAFE, '_')
    .replace(/^[.-]+/, '_')
    .slice(0, 200);
  return cleaned === '' ? '_' : cleaned;
}

/** The folder of the settings as parts ("" = the account's home; a leading "/" is kept as `absolute`). */
export function folderParts(path: string): { absolute: boolean; parts: string[] } {
  const trimmed = path.trim();
  return {
    absolute: trimmed.startsWith('/'),
    parts: trimmed
      .split('/')
      .filter((p) => p !== '' && p !== '.' && p !== '..')
      .map(safePart),
  };
}

/** Joins a settings folder and more names into one remote path ("a/b/c", or "/a/b/c" for an absolute folder). */
export function remotePath(folder: string, ...names: string[]): string {
  const f = folderParts(folder);
  return (f.absolute ? '/' : '') + [...f.parts, ...names.map(safePart)].join('/');
}

/** The folder of a remote path ("" when it has none). */
export const remoteDir = (path: string): string => {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : i === 0 ? '/' : path.slice(0, i);
};
export const remoteBase = (path: string): string => path.slice(path.lastIndexOf('/') + 1);
