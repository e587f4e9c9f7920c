import { CONTROL_CHARS } from '@roomcast/contract';

/**
 * The configuration backup's .ini dialect, strict, with line numbers for every complaint. Sections `[name]`, then
 * `key=value` lines; `;` or `#` starts a comment line; blank lines are ignored. A value is written as a JSON string
 * (`name="Room 1"`), so any text survives the round trip; a bare value (`name=Room 1`) is read as it stands,
 * trimmed, for people who edit the file by hand. Anything else (a key outside a section, a repeated section or key,
 * a broken quote, control characters, NUL bytes) is an error of its line: nothing in a file is guessed at.
 */
export interface IniEntry {
  key: string;
  value: string;
  line: number;
}
export interface IniSection {
  name: string;
  line: number;
  entries: IniEntry[];
}
export interface IniProblem {
  line: number;
  section?: string;
  key?: string;
  message: string;
}
export type IniParse = { ok: true; sections: IniSection[] } | { ok: false; problems: IniProblem[] };

const SECTION = /^\[([A-Za-z0-9_.-]{1,64})\]$/;
const ENTRY = /^([A-Za-z0-9_]{1,64})\s*=(.*)$/;
/** Complaints reported at most; a foreign file would otherwise produce one per line. */
const MAX_PROBLEMS = 20;

/** A complaint as people read it: `line 12 [setting_osd] fontsize: must be between 1 and 2000`. */
export function describeProblem(p: IniProblem): string {
  return `line ${p.line}${p.section ? ` [${p.section}]` : ''}${p.key ? ` ${p.key}` : ''}: ${p.message}`;
}

function parseValue(raw: string): { value: string } | { message: string } {
  const text = raw.trim();
  if (!text.startsWith('"')) {
    if (CONTROL_CHARS.test(text)) return { message: 'the value contains control characters' };
    return { value: text };
  }
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'string') return { value };
  } catch {
    // Reported below.
  }
  return { message: 'the quoted value is not closed or not a valid JSON string' };
}

export function parseIni(text: string): IniParse {
  const problems: IniProblem[] = [];
  const sections: IniSection[] = [];
  const names = new Set<string>();
  let current: (IniSection & { keys: Set<string> }) | undefined;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let i = 0; i < lines.length && problems.length < MAX_PROBLEMS; i++) {
    const line = i + 1;
    const trimmed = (lines[i] ?? '').trim();
    if (trimmed === '' || trimmed.startsWith(';') || trimmed.startsWith('#')) continue;
    if (trimmed.includes('\0')) {
      problems.push({ line, message: 'binary data (NUL bytes): this is not a text file' });
      break;
    }
    const header = SECTION.exec(trimmed);
    if (header) {
      const name = header[1]!;
      if (names.has(name)) problems.push({ line, section: name, message: 'the section appears more than once' });
      names.add(name);
      current = { name, line, entries: [], keys: new Set() };
      sections.push(current);
      continue;
    }
    if (trimmed.startsWith('[')) {
      problems.push({ line, message: 'a malformed section header (expected [name] with letters, digits, "_", "." or "-")' });
      current = undefined;
      continue;
    }
    const entry = ENTRY.exec(trimmed);
    if (!entry) {
      problems.push({ line, section: current?.name, message: 'expected key=value' });
      continue;
    }
    const key = entry[1]!;
    if (!current) {
      problems.push({ line, key, message: 'a key outside any section' });
      continue;
    }
    if (current.keys.has(key)) {
      problems.push({ line, section: current.name, key, message: 'the key appears more than once in its section' });
      continue;
    }
    current.keys.add(key);
    const parsed = parseValue(entry[2] ?? '');
    if ('message' in parsed) problems.push({ line, section: current.name, key, message: parsed.message });
    else current.entries.push({ key, value: parsed.value, line });
  }
  if (problems.length) return { ok: false, problems };
  return { ok: true, sections: sections.map(({ name, line, entries }) => ({ name, line, entries })) };
}

/** Sections as text: comment lines first, then each section with its values as JSON strings. */
export function serializeIni(comments: readonly string[], sections: readonly { name: string; values: [string, string][] }[]): string {
  const out = comments.map((c) => `; ${c}`);
  for (const s of sections) {
    out.push('', `[${s.name}]`);
    for (const [k, v] of s.values) out.push(`${k}=${JSON.stringify(v)}`);
  }
  return `${out.join('\n')}\n`;
}
