import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder this service runs from: a checkout's root, or a release of the install root (docs/update.md). This
 * file is apps/server/src/build-info.ts, or apps/server/dist/build-info.js once built: three levels down either way.
 */
export const APP_ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** A release's record of what it was made from, written by scripts/make-update-bundle.mjs (a release has no .git). */
export const BUILD_INFO_FILE = 'build-info.json';

export interface BuildInfo {
  /** Roomcast's version: the root package.json's. */
  version: string;
  /** The commit it was built from (40 hex digits), '' when not known. */
  commit: string;
}

const SHA = /^[0-9a-f]{40}$/;

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** The git directory of a checkout at `root` (`.git`, or where a worktree's `.git` file points), if any. */
function gitDir(root: string): string | undefined {
  const dotGit = join(root, '.git');
  try {
    if (statSync(dotGit).isDirectory()) return dotGit;
  } catch {
    return undefined;
  }
  const pointer = /^gitdir:\s*(.+)$/m.exec(readText(dotGit) ?? '')?.[1]?.trim();
  return pointer ? resolve(root, pointer) : undefined;
}

/** HEAD's commit of a checkout, read from git's files (no git command needed): a detached SHA, a loose ref or packed-refs. */
export function gitCommit(root: string): string | undefined {
  const dir = gitDir(root);
  if (!dir) return undefined;
  const head = readText(join(dir, 'HEAD'))?.trim() ?? '';
  if (SHA.test(head)) return head;
  const ref = /^ref:\s*(\S+)$/.exec(head)?.[1];
  if (!ref || ref.split('/').includes('..')) return undefined;
  // A worktree keeps its HEAD but shares refs with the main repository (commondir).
  const common = readText(join(dir, 'commondir'))?.trim();
  for (const base of common ? [dir, resolve(dir, common)] : [dir]) {
    const loose = readText(join(base, ref))?.trim();
    if (loose && SHA.test(loose)) return loose;
    for (const line of (readText(join(base, 'packed-refs')) ?? '').split('\n')) {
      const [sha, name] = line.trim().split(' ');
      if (name === ref && sha && SHA.test(sha)) return sha;
    }
  }
  return undefined;
}

/**
 * What this build is: the version of `root`'s package.json, and the commit from git when `root` is a checkout (a fresh
 * clone's `npm start`), else from the release's build-info.json.
 */
export function readBuildInfo(root: string = APP_ROOT): BuildInfo {
  let version = '';
  let recorded: Partial<BuildInfo> = {};
  try {
    version = String((JSON.parse(readText(join(root, 'package.json')) ?? '{}') as { version?: unknown }).version ?? '');
  } catch {
    // A damaged package.json: the version stays unknown rather than stopping the service.
  }
  try {
    recorded = JSON.parse(readText(join(root, BUILD_INFO_FILE)) ?? '{}') as Partial<BuildInfo>;
  } catch {
    recorded = {};
  }
  const commit = gitCommit(root) ?? (typeof recorded.commit === 'string' && SHA.test(recorded.commit) ? recorded.commit : '');
  return { version: version || String(recorded.version ?? '') || '0.0.0', commit };
}

/** setting_version.softversion: the version and the short commit, e.g. "0.2.0 (1d692dd)". */
export function softVersion(build: BuildInfo): string {
  return build.commit ? `${build.version} (${build.commit.slice(0, 7)})` : build.version;
}
