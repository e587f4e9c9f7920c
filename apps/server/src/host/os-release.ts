import { readFileSync } from 'node:fs';
import { release, type } from 'node:os';
import { join } from 'node:path';

/** os-release(5): the first of these that exists describes the operating system. */
const OS_RELEASE_FILES = ['etc/os-release', 'usr/lib/os-release'];

/** The assignments of an os-release file: `KEY=value`, the value bare or in single or double quotes (shell-style escapes). */
export function parseOsRelease(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^\s*([A-Z][A-Z0-9_]*)=(.*?)\s*$/.exec(line);
    if (!m) continue;
    const [, key, raw] = m as unknown as [string, string, string];
    const quoted = /^"(.*)"$/.exec(raw) ?? /^'(.*)'$/.exec(raw);
    out[key] = quoted ? quoted[1]!.replace(/\\([\\"$`])/g, '$1') : raw;
  }
  return out;
}

/**
 * The operating system and its version as setting_version.systemversion shows it: os-release's PRETTY_NAME (e.g.
 * "Debian GNU/Linux 13 (trixie)"), else NAME and VERSION, read under `root` (HOST_ROOT; tests use a scratch root);
 * without an os-release file, the kernel's name and release.
 */
export function systemVersion(root: string): string {
  for (const file of OS_RELEASE_FILES) {
    let text: string;
    try {
      text = readFileSync(join(root, file), 'utf8');
    } catch {
      continue;
    }
    const v = parseOsRelease(text);
    const named = v.PRETTY_NAME || [v.NAME, v.VERSION ?? v.VERSION_ID].filter(Boolean).join(' ');
    if (named) return named.slice(0, 200);
  }
  return `${type()} ${release()}`;
}
