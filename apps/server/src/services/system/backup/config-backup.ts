import {
  applyWrite,
  checkAll,
  FILE_NAMES,
  LIMITS,
  SETTING_CODES,
  SETTINGS,
  settingKeysOf,
  type Principal,
  type SettingCode,
} from '@roomcast/contract';
import type { Repositories } from '../../../db/repositories/index.js';
import { Fail, type DeviceClock } from '../../core/index.js';
import type { SettingsService } from '../../settings/index.js';
import { describeProblem, parseIni, serializeIni, type IniProblem, type IniSection } from './config-ini.js';

/** The format of the file: a later version that changes what a section means raises it. */
const FORMAT = '1';
const HEADER = 'roomcast';
const END = 'end';
/** Keys that are a moment, not a setting: restoring the clock to the time of a backup would be wrong. */
const NOT_BACKED_UP: Partial<Record<SettingCode, readonly string[]>> = { setting_datetime: ['current'] };
/** Problems named in the refusal; the rest are counted. */
const SHOWN_PROBLEMS = 8;

/**
 * The keys of a code a backup carries: not computed by the service (read-only), not secret (a backup holds no
 * password, token or key: restoring keeps the device's own), not a moment (the clock's time).
 */
function backedUpKeys(code: SettingCode): string[] {
  const skip = NOT_BACKED_UP[code] ?? [];
  return settingKeysOf(code)
    .filter(([key, def]) => !def.readOnly && !def.secret && !skip.includes(key))
    .map(([key]) => key);
}

/** The codes a user backs up and restores: those they may read and write, with at least one key a backup carries. */
function codesFor(user: Principal): SettingCode[] {
  return SETTING_CODES.filter((code) => {
    const def = SETTINGS[code];
    return checkAll([def.read, def.write], user) === 'allow' && backedUpKeys(code).length > 0;
  });
}

export interface ConfigBackupDeps {
  settings: SettingsService;
  repos: Pick<Repositories, 'settings'>;
  device: DeviceClock;
  version: string;
}

/**
 * Configuration backup and restore (`downloadgeneralfile`, `uploadgeneralfile`): every setting code as one .ini
 * (docs/backup.md). A restore validates the whole file against the contract (each section a code, each key of it,
 * each value by the code's own rules and cross-key checks) and then writes every section in one SQLite transaction
 * through the settings service (its write guards included), or nothing.
 */
export function configBackup(d: ConfigBackupDeps) {
  return {
    /** The .ini text of every code `user` may read and write, and its file name (stamped with the device time). */
    backup(user: Principal): { text: string; filename: string } {
      const codes = codesFor(user);
      const now = d.device.format(d.device.now());
      const sections = codes.map((code) => {
        const values = d.settings.raw(code);
        return { name: code, values: backedUpKeys(code).map((k): [string, string] => [k, values[k] ?? '']) };
      });
      const text = serializeIni(
        [
          `Roomcast configuration backup of ${now} (Roomcast ${d.version}).`,
          'Passwords, tokens and keys are not in this file: a restore keeps those the device has (docs/backup.md).',
          'Restore it on the System settings page; the device restarts afterwards. Values are JSON strings.',
        ],
        [
          {
            name: HEADER,
            values: [
              ['format', FORMAT],
              ['version', d.version],
              ['created', now],
            ],
          },
          ...sections,
          { name: END, values: [['sections', String(sections.length)]] },
        ],
      );
      const stamp = now.replace(/[-: ]/g, '').replace(/^(\d{8})(\d{6})$/, '$1-$2');
      return { text, filename: FILE_NAMES.configBackup.replace(/\.ini$/, `-${stamp}.ini`) };
    },

    /**
     * Validates `bytes` as a backup `user` may restore and writes all of it in one transaction; throws a `Fail`
     * naming line, section and key of what is wrong otherwise (and nothing is changed). Returns what was written.
     */
    async restore(user: Principal, bytes: Buffer, fileName: string | undefined): Promise<{ codes: number; keys: number }> {
      if (bytes.length > LIMITS.configBackupMaxBytes) throw Fail.of('uploadTooLarge', LIMITS.configBackupMaxBytes / (1024 * 1024));
      if (fileName !== undefined && !/\.ini$/i.test(fileName)) throw Fail.of('backupNotIni');
      const sections = parseBackup(bytes);
      const problems: IniProblem[] = [];
      const allowed = new Set(codesFor(user));
      const writes: { code: SettingCode; data: { key: string; value: string }[] }[] = [];
      for (const section of sections) {
        const found = checkSection(section, allowed, d.repos.settings.read.bind(d.repos.settings));
        if ('problems' in found) problems.push(...found.problems);
        else writes.push(found.write);
      }
      if (problems.length) throw refusal(problems);
      // The settings service validates again over what is stored now, runs the other domains' write guards and
      // writes every code in one transaction: a refusal there changes nothing either.
      await d.settings.write(writes);
      return { codes: writes.length, keys: writes.reduce((n, w) => n + w.data.length, 0) };
    },
  };
}
export type ConfigBackup = ReturnType<typeof configBackup>;

function refusal(problems: IniProblem[]): Fail {
  const shown = problems.slice(0, SHOWN_PROBLEMS).map(describeProblem);
  if (problems.length > SHOWN_PROBLEMS) shown.push(`and ${problems.length - SHOWN_PROBLEMS} more`);
  return Fail.of('backupInvalid', shown.join('; '));
}

/** Text, ini, the `[roomcast]` header first and the `[end]` section last with the number of setting sections. */
function parseBackup(bytes: Buffer): IniSection[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refusal([{ line: 1, message: 'the file is not UTF-8 text' }]);
  }
  const parsed = parseIni(text);
  const lastLine = text.split(/\r?\n/).length;
  const truncated: IniProblem = { line: lastLine, message: `the file ends without its [${END}] section: it is truncated` };
  if (!parsed.ok) throw refusal(/^\s*\[end\]\s*$/m.test(text) ? parsed.problems : [truncated, ...parsed.problems]);
  const { sections } = parsed;
  const head = sections[0];
  const format = head?.entries.find((e) => e.key === 'format')?.value;
  if (head?.name !== HEADER || format === undefined)
    throw refusal([
      { line: head?.line ?? 1, message: `not a Roomcast configuration backup (it must begin with [${HEADER}] and format=${FORMAT})` },
    ]);
  if (format !== FORMAT)
    throw refusal([
      { line: head.line, section: HEADER, key: 'format', message: `format ${format} is not one this version reads (${FORMAT})` },
    ]);
  const end = sections.at(-1);
  if (end?.name !== END) throw refusal([truncated]);
  const body = sections.slice(1, -1);
  const count = end.entries.find((e) => e.key === 'sections');
  if (count?.value !== String(body.length))
    throw refusal([
      {
        line: count?.line ?? end.line,
        section: END,
        key: 'sections',
        message: `the file says ${count?.value ?? 'nothing about how many'} sections but has ${body.length}: it is incomplete or was edited`,
      },
    ]);
  return body;
}

/** One setting section against the contract: a code this user may restore, its keys, each value and the cross-key rules. */
function checkSection(
  section: IniSection,
  allowed: Set<SettingCode>,
  stored: (code: string) => Record<string, string>,
): { write: { code: SettingCode; data: { key: string; value: string }[] } } | { problems: IniProblem[] } {
  const at = (line: number, message: string, key?: string): IniProblem => ({ line, section: section.name, key, message });
  if (!Object.hasOwn(SETTINGS, section.name)) return { problems: [at(section.line, 'not a setting code of this version')] };
  const code = section.name as SettingCode;
  if (!allowed.has(code)) return { problems: [at(section.line, 'a section you may not restore (or one the device computes)')] };
  const keys = new Set(backedUpKeys(code));
  const problems: IniProblem[] = [];
  for (const e of section.entries) {
    if (Object.hasOwn(SETTINGS[code].keys, e.key) && !keys.has(e.key))
      problems.push(at(e.line, 'not part of a backup (computed, secret or the clock time)', e.key));
  }
  if (problems.length) return { problems };
  const data = section.entries.map((e) => ({ key: e.key, value: e.value }));
  const result = applyWrite(code, stored(code), data);
  if (result.ok) return { write: { code, data } };
  const lineOf = (key: string) => section.entries.find((e) => e.key === key)?.line ?? section.line;
  // applyWrite's messages start with the key ("fontsize: must be ..."); the key is said once, by the problem.
  const rule = (i: { key: string; message: string }) =>
    i.message.startsWith(`${i.key}: `) ? i.message.slice(i.key.length + 2) : i.message;
  return { problems: result.issues.map((i) => at(lineOf(i.key), rule(i), i.key)) };
}
