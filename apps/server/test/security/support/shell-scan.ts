/** Names child_process exports that never involve a shell unless asked (`shell` is refused separately). */
const ALLOWED_IMPORTS = new Set([
  'execFile',
  'execFileSync',
  'spawn',
  'spawnSync',
  'ChildProcess',
  'type ChildProcess',
  'SpawnOptions',
  'type SpawnOptions',
]);

/**
 * The rule: commands run with execFile/spawn and argument arrays, never through a shell. Returns each
 * violation as "file: what".
 */
export function shellUses(path: string, text: string): string[] {
  const out: string[] = [];
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const imports = [...code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"](?:node:)?child_process['"]/g)];
  for (const m of imports) {
    for (const name of m[2]!
      .split(',')
      .map((s) => s.trim().replace(/\s+as\s+\w+$/, ''))
      .filter(Boolean)) {
      if (!ALLOWED_IMPORTS.has(name)) out.push(`${path}: imports ${name} from child_process`);
    }
  }
  const mentions = (code.match(/['"](?:node:)?child_process['"]/g) ?? []).length;
  if (mentions > imports.length)
    out.push(`${path}: uses child_process other than by a named import (namespace import, require or dynamic import)`);
  if (/\bexecSync\s*\(/.test(code)) out.push(`${path}: calls execSync`);
  if (/(?<![.\w])exec\s*\(/.test(code) && imports.length) out.push(`${path}: calls exec`);
  if (/\bshell\s*:\s*(?!false\b)/.test(code)) out.push(`${path}: passes a shell option`);
  if (
    /\b(?:spawn|spawnSync|execFile|execFileSync|runTool)\s*\(\s*['"`](?:\/(?:usr\/)?bin\/)?(?:sh|bash|dash|zsh|ash|cmd(?:\.exe)?|powershell)['"`]/.test(
      code,
    )
  )
    out.push(`${path}: runs a shell as the command`);
  return out;
}
