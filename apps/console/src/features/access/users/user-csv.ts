import { MESSAGES, type CallData } from '@roomcast/contract';

type User = CallData<'listuser'>[number];

/** Columns of the export: never a password (spec §3 lists the import's; the export drops the secret). */
export const EXPORT_COLUMNS = ['usercode', 'username', 'role', 'groupcode'] as const;
/** Columns of the import file and its template (spec §3/§5: all five required). */
export const IMPORT_COLUMNS = ['usercode', 'username', 'password', 'role', 'groupcode'] as const;
export const TEMPLATE_EXAMPLE = ['teacher01', 'TeacherOne', 'ChangeMe2024', 'user', 'teachers'] as const;

/** Byte-order mark so spreadsheet programs read UTF-8 (Chinese names) correctly; the import skips it. */
export const UTF8_BOM = '\uFEFF';

/**
 * One CSV field (RFC 4180). A value that a spreadsheet would run as a formula (=, +, -, @, tab, CR at the
 * start) gets a leading apostrophe, so an exported user name cannot execute in the reader's spreadsheet.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function buildCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return `${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

export function usersToCsv(users: readonly User[]): string {
  return buildCsv(
    EXPORT_COLUMNS,
    users.map((u) => [u.usercode, u.username, u.role, u.group]),
  );
}

export function importTemplateCsv(): string {
  return buildCsv(IMPORT_COLUMNS, [TEMPLATE_EXAMPLE]);
}

/** A CSV text as a download-ready blob (with the UTF-8 byte-order mark). */
export function csvBlob(text: string): Blob {
  return new Blob([UTF8_BOM + text], { type: 'text/csv;charset=utf-8' });
}

/**
 * The import's failure message ("Import failed; nothing was imported. Line 3: ... Line 7: ...") split into
 * whether it is that failure (the screen words it in the reader's language), any other text, and one
 * entry per bad line.
 */
export function splitImportMessage(message: string): { summary: string; lines: string[]; importFailed: boolean } {
  const prefix = MESSAGES.importFailed.replace('{0}', '').trim();
  const importFailed = message.startsWith(prefix);
  const rest = importFailed ? message.slice(prefix.length).trim() : message.trim();
  const parts = rest
    .split(/\s*(?=\bLine \d+:)/)
    .map((p) => p.trim())
    .filter(Boolean);
  const first = parts[0] ?? '';
  if (/^Line \d+:/.test(first)) return { summary: '', lines: parts, importFailed };
  return { summary: first, lines: parts.slice(1), importFailed };
}

/** Only .csv files may be imported (spec §5). */
export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}
