import { randomBytes, type KeyObject } from 'node:crypto';
import { createWriteStream, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CallData } from '@roomcast/contract';
import { Fail, type DeviceClock } from '../../core/index.js';
import { keyFingerprint, parsePublicKey, verifyBundle } from './update-bundle.js';
import { extractPayload } from './update-extract.js';
import { freshIncoming, INSTALL, installRelease, linkedVersion, readState } from './update-releases.js';

/** Room left on the install root's file system beyond the unpacked release. */
const SPARE_BYTES = 16 * 1024 * 1024;
const MB = 1024 * 1024;

export interface UpdateDeps {
  /** INSTALL_ROOT: releases side by side, `current`, `previous`. */
  root: string;
  /** UPDATE_PUBLIC_KEY's text; undefined: no update installs. */
  publicKey: string | undefined;
  maxBytes: number;
  /** This service: its version, commit and the folder it runs from. */
  build: { version: string; commit: string; appRoot: string };
  /** A recording is running (or starting): no update then. */
  recording: () => boolean;
  /** Free bytes of the file system holding a path. */
  freeBytes: (path: string) => Promise<number>;
  device: DeviceClock;
  /** After a switch: answer first, then restart the service (a running recording finalized first). */
  restart: () => void;
  oplog: (line: string) => void;
}

/**
 * Update bundles (docs/update.md): an upload is written to the install root's incoming folder, checked whole (the
 * signature before anything else, then the payload's hash, then every entry while it is unpacked), installed beside
 * the current release, and `current` is switched; the service then restarts into it, and the launcher rolls back a
 * release that does not become healthy. A refusal at any step leaves the releases, the links and the state as they were.
 */
export function updateService(d: UpdateDeps) {
  // A key that cannot be read is a configuration error the operator must see at start, not at the first upload.
  const key: KeyObject | undefined = d.publicKey ? parsePublicKey(d.publicKey) : undefined;
  let busy = false;

  const realOrEmpty = (path: string) => {
    try {
      return realpathSync(path);
    } catch {
      return '';
    }
  };
  const deviceTime = (iso: string) => (Number.isFinite(Date.parse(iso)) ? d.device.format(Date.parse(iso)) : iso);

  const tooLarge = () => new Fail(Fail.of('uploadTooLarge', Number((d.maxBytes / MB).toFixed(2))).message, 413);

  /**
   * Writes the upload to `file`. Past the size limit nothing more is written and the rest is read to its end, so
   * the client still gets the answer (a connection cut mid-upload would show it nothing).
   */
  const receive = async (body: Readable, file: string) => {
    let bytes = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        done(null, bytes > d.maxBytes ? undefined : chunk);
      },
    });
    await pipeline(body, limit, createWriteStream(file));
    if (bytes > d.maxBytes) throw tooLarge();
  };

  return {
    info(): CallData<'updateinfo'> {
      const state = readState(d.root);
      const current = linkedVersion(d.root, INSTALL.current);
      return {
        version: d.build.version,
        commit: d.build.commit,
        current,
        previous: linkedVersion(d.root, INSTALL.previous),
        runningrelease: current !== '' && realOrEmpty(d.build.appRoot) === realOrEmpty(join(d.root, INSTALL.current)),
        trial: state.trial?.version ?? '',
        last: state.last ? { ...state.last, at: deviceTime(state.last.at) } : null,
        keyfingerprint: key ? keyFingerprint(key) : '',
        maxbytes: d.maxBytes,
      };
    },

    /** Receives, checks and installs a bundle; the restart follows the answer. */
    async install(body: Readable, declaredBytes: number | undefined): Promise<{ version: string; previous: string }> {
      // Refusals before the body is read (Node reads and drops the rest of a request answered early).
      const refuse = (fail: Fail): never => {
        body.resume();
        throw fail;
      };
      if (declaredBytes !== undefined && declaredBytes > d.maxBytes) refuse(tooLarge());
      if (!key) return refuse(Fail.of('updateNoKey'));
      if (busy) refuse(Fail.of('updateBusy'));
      if (d.recording()) refuse(Fail.of('updateRecording'));
      busy = true;
      const incoming = freshIncoming(d.root);
      const id = randomBytes(6).toString('hex');
      const file = join(incoming, `${id}.bundle`);
      const staged = join(incoming, `${id}.release`);
      try {
        await receive(body, file);
        const manifest = await verifyBundle(file, key);
        const { version } = manifest;
        if (version === linkedVersion(d.root, INSTALL.current)) throw Fail.of('updateSameVersion', version);
        const needed = manifest.payload.unpackedSize + SPARE_BYTES;
        if ((await d.freeBytes(d.root)) < needed) throw Fail.of('updateNoSpace', Math.ceil(needed / MB));
        await extractPayload(file, manifest, staged);
        // Checked again: a recording may have started while the bundle was checked.
        if (d.recording()) throw Fail.of('updateRecording');
        const previous = installRelease(d.root, staged, version, new Date());
        d.oplog(`update ${version} installed${previous ? ` (previous ${previous} kept)` : ''}; restarting into it`);
        d.restart();
        return { version, previous };
      } finally {
        rmSync(incoming, { recursive: true, force: true });
        busy = false;
      }
    },
  };
}
export type UpdateService = ReturnType<typeof updateService>;
