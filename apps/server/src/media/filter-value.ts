/**
 * Escapes a value for use inside a filtergraph option (paths of fonts and text files, labels, pipe names):
 * every character the filtergraph syntax reads as structure gets a backslash.
 */
export function filterValue(v: string): string {
  return v
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")
    .replace(/:/g, '\\:')
    .replace(/,/g, '\\,')
    .replace(/\[/g, '\\[')
    .replace(/\]/g, '\\]')
    .replace(/;/g, '\\;');
}
