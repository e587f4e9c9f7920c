import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { RELEASE_VERSION } from './update-bundle.js';

/*
 * The install root (INSTALL_ROOT, docs/update.md), shared with the launcher (deploy/systemd/roomcast-launch.mjs):
 *   releases/<version>/   one folder per release, side by side
 *   current -> releases/<version>    what the launcher starts; switched by renaming a new link over it (atomic)
 *   previous -> releases/<version>   what the launcher rolls back to
 *   update-state.json     { trial: the release waiting for its first healthy start, last: the launcher's outcome }
 *   incoming/             uploads and unpacking in progress (cleared before each upload)
 */
export const INSTALL = {
  releases: 'releases',
  current: 'current',
  previous: 'previous',
  incoming: 'incoming',
  state: 'update-state.json',
} as const;

export interface UpdateState {
  trial: { version: string; previous: string; since: string } | null;
  last: { version: string; from: string; result: 'installed' | 'rolledback'; reason: string; at: string } | null;
}

export function readState(root: string): UpdateState {
  try {
    const s = JSON.parse(readFileSync(join(root, INSTALL.state), 'utf8')) as Partial<UpdateState>;
    return { trial: s.trial ?? null, last: s.last ?? null };
  } catch {
    return { trial: null, last: null };
  }
}

/** Written whole (a new file renamed over the old one), so a crash leaves the old state or the new one. */
export function writeState(root: string, state: UpdateState): void {
  const tmp = join(root, `.${INSTALL.state}.${randomBytes(4).toString('hex')}`);
  writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(tmp, join(root, INSTALL.state));
}

/** The version a link of the install root names ('' when there is none, or it points anywhere but a release). */
export function linkedVersion(root: string, link: 'current' | 'previous'): string {
  try {
    const target = readlinkSync(join(root, link));
    const version = basename(target);
    return dirname(target) === INSTALL.releases && RELEASE_VERSION.test(version) ? version : '';
  } catch {
    return '';
  }
}

/** Points a link at `releases/<version>` (relative, so the root can move) by renaming a new link over it; '' removes it. */
export function switchLink(root: string, link: 'current' | 'previous', version: string): void {
  const path = join(root, link);
  if (!version) {
    // unlink, not rmSync: Node 24's rmSync refuses a link to a folder (ERR_FS_EISDIR).
    try {
      unlinkSync(path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    return;
  }
  const tmp = join(root, `.${link}.${randomBytes(4).toString('hex')}`);
  symlinkSync(join(INSTALL.releases, version), tmp);
  renameSync(tmp, path);
}

/**
 * Puts an unpacked release (`staged`, a folder on the same file system) in place as `releases/<version>`, records it
 * as the release on trial, keeps the current one as `previous` and switches `current`. Releases neither current nor
 * previous are removed. Answers the version that was current ('' when none).
 */
export function installRelease(root: string, staged: string, version: string, now: Date): string {
  const releases = join(root, INSTALL.releases);
  mkdirSync(releases, { recursive: true });
  const was = linkedVersion(root, INSTALL.current);
  const target = join(releases, version);
  // The same version again (a release rolled back, say) is replaced whole.
  if (existsSync(target)) rmSync(target, { recursive: true, force: true });
  renameSync(staged, target);
  // State first: a crash before the switch leaves a trial the launcher sees `current` does not name, and drops.
  writeState(root, { ...readState(root), trial: { version, previous: was, since: now.toISOString() } });
  if (was) switchLink(root, INSTALL.previous, was);
  switchLink(root, INSTALL.current, version);
  pruneReleases(root, [version, was]);
  return was;
}

/** Removes every release folder but those named in `keep`. */
export function pruneReleases(root: string, keep: string[]): void {
  const releases = join(root, INSTALL.releases);
  for (const name of existsSync(releases) ? readdirSync(releases) : [])
    if (!keep.includes(name)) rmSync(join(releases, name), { recursive: true, force: true });
}

/** A fresh incoming folder: what an earlier upload left (a crash, a restart) is removed first. */
export function freshIncoming(root: string): string {
  const dir = join(root, INSTALL.incoming);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}
