import { randomInt } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallData } from '@roomcast/contract';
import { LIVE_PLAYLIST, LIVE_SEGMENT_NAME, LiveHls, segmentsOf } from '../../media/live-hls.js';
import type { MediaEngine } from '../../media/media-engine.js';
import { Fail, type DeviceClock } from '../core/index.js';
import type { SessionUser } from '../access/index.js';
import type { Room } from '../room/index.js';
import type { SettingsService } from '../settings/index.js';
import { mayWatch, type Grant, type LiveAccess, type LiveQuery } from './live-access.js';
import type { HlsViewers } from './hls-viewers.js';
import type { LiveViewers, ViewerSocket } from './live-viewers.js';

/** The setting_room.urlsession a fresh service has: replaced by a random one when the room first goes live. */
const DEFAULT_URLSESSION = 'live';
const URLSESSION_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const randomUrlSession = () => Array.from({ length: 10 }, () => URLSESSION_ALPHABET[randomInt(URLSESSION_ALPHABET.length)]).join('');

export interface LiveServiceDeps {
  settings: SettingsService;
  /** The room: living is part of its state (the media engine follows it); its commands run one at a time. */
  room: Pick<Room, 'state' | 'apply' | 'exclusive'>;
  media: Pick<MediaEngine, 'encoder'>;
  device: DeviceClock;
  access: LiveAccess;
  viewers: LiveViewers;
  /** Who fetched the playlist lately (the metrics' HLS viewers). */
  hls: HlsViewers;
  dataDir: string;
  log: (line: string) => void;
}

/** What is kept on disk while the room is living, so that it lives on after a restart. */
interface SavedLive {
  livingStart: number;
}

/**
 * roomlivectrl's live room: while living, the encoder runs and its HD picture is written as HLS into
 * `DATA_DIR/run/live/<urlsession>/` (`media/live-hls.ts`) and sent to WebSocket viewers (`live-viewers.ts`);
 * who may watch is decided per request (`live-access.ts`). Living is kept in `DATA_DIR/run/live.json` and
 * resumed at the next start (`resume`, called by main.ts).
 */
export function liveService(d: LiveServiceDeps) {
  const runDir = join(d.dataDir, 'run');
  const liveRoot = join(runDir, 'live');
  const stateFile = join(runDir, 'live.json');
  let current: { urlsession: string; hls: LiveHls } | undefined;
  /** Start, stop and resume run one after another, and after the room's other commands. */
  const serial = <T>(fn: () => Promise<T>): Promise<T> => d.room.exclusive(fn);

  const room = () => d.settings.raw('setting_room');
  const published = () => d.settings.typed('setting_room').publish;

  const readSaved = (): SavedLive | undefined => {
    try {
      const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as Partial<SavedLive>;
      return typeof saved.livingStart === 'number' && Number.isFinite(saved.livingStart) ? { livingStart: saved.livingStart } : undefined;
    } catch {
      return undefined;
    }
  };

  /** A fresh service's default (or an empty value) becomes a random session name, stored. */
  async function ensureUrlSession(): Promise<void> {
    const u = room().urlsession ?? '';
    if (u && u !== DEFAULT_URLSESSION) return;
    await d.settings.write([{ code: 'setting_room', data: [{ key: 'urlsession', value: randomUrlSession() }] }]);
  }

  /** Living from `livingStart`: the encoder, the HLS output (a fresh folder, or the one a restart left). */
  function begin(livingStart: number, fresh: boolean): void {
    // From here the write guard refuses name and urlsession changes, so the name read next holds while living.
    // The encoder runs from here (the media engine follows the room).
    // Resumed after a restart: the service's own change, in the operation log (room-log.ts).
    void d.room.apply({ type: 'live.start', at: livingStart, why: fresh ? undefined : 'resumed after a restart' });
    const urlsession = room().urlsession ?? '';
    try {
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(urlsession)) throw new Error(`setting_room.urlsession is not a session name: ${urlsession}`);
      const hls = new LiveHls(d.media.encoder, join(liveRoot, urlsession), d.log);
      hls.start(fresh);
      current = { urlsession, hls };
      mkdirSync(runDir, { recursive: true });
      writeFileSync(stateFile, JSON.stringify({ livingStart } satisfies SavedLive));
    } catch (err) {
      void d.room.apply({ type: 'live.stop' });
      throw err;
    }
  }

  /** Removes live folders no room is living in (left by a crash during a stop). */
  function removeStale(): void {
    if (!existsSync(liveRoot)) return;
    for (const name of readdirSync(liveRoot))
      if (name !== current?.urlsession) rmSync(join(liveRoot, name), { recursive: true, force: true });
  }

  /** The room's folder while living, for this session name only. */
  const folderOf = (urlsession: string) => (d.room.state.living && current?.urlsession === urlsession ? current.hls.dir : undefined);

  return {
    /** Goes live (nothing happens when living already). */
    start: () =>
      serial(async () => {
        if (d.room.state.living) return;
        await ensureUrlSession();
        begin(d.device.now(), true);
        d.log(`live room started: /xlive/${current?.urlsession}.m3u8`);
      }),

    /** Stops living: viewers closed, output stopped, folder removed, the encoder released (nothing happens when not living). */
    stop: () =>
      serial(async () => {
        if (!d.room.state.living) return;
        const was = current;
        current = undefined;
        rmSync(stateFile, { force: true });
        d.viewers.closeAll('the live room stopped');
        d.hls.clear();
        await was?.hls.stop();
        if (was) rmSync(was.hls.dir, { recursive: true, force: true });
        // Not living from here: the encoder stops unless something else needs it.
        await d.room.apply({ type: 'live.stop' });
        d.log('live room stopped');
      }),

    /** At boot: lives on when the room was living when the service stopped. Returns whether it did. */
    resume: () =>
      serial(async () => {
        if (d.room.state.living) return false;
        const saved = readSaved();
        if (!saved) {
          rmSync(stateFile, { force: true });
          removeStale();
          return false;
        }
        begin(saved.livingStart, false);
        removeStale();
        return true;
      }),

    /** At shutdown: viewers closed and the output stopped, living kept on disk for the next start. */
    halt: async () => {
      d.viewers.closeAll('the service is stopping');
      await current?.hls.stop();
    },

    /** livesource: where this caller watches now. */
    source(user: SessionUser | undefined, host: string): CallData<'livesource'> {
      const isPublished = published();
      if (!isPublished && !mayWatch(user)) throw Fail.of('roomNotVisible');
      if (!d.room.state.living || !current) throw Fail.of('roomNotLiving');
      const name = current.urlsession;
      const query = isPublished || !user ? '' : d.access.sign(name, user.sessionId);
      return {
        hls: `/xlive/${name}.m3u8${query}`,
        ws: `/xlive/ws/${name}${query}`,
        rtmp: `rtmp://${host}/xlive/${name}`,
        urlsession: name,
        published: isPublished,
        livingstart: d.room.state.livingStart ? d.device.format(d.room.state.livingStart) : '',
      };
    },

    /** Who may have a request for this room's stream; undefined: nobody (the room "does not exist" for them). */
    grant(urlsession: string, query: LiveQuery): Grant | undefined {
      if (!folderOf(urlsession)) return undefined;
      return d.access.grant(urlsession, published(), query);
    },

    /**
     * The playlist for a granted request: segment lines point at `<urlsession>/<segment>` with the grant's query.
     * `client` (address and user agent) counts as an HLS viewer for a while.
     */
    playlist(urlsession: string, grant: Grant, client = ''): string | undefined {
      const dir = folderOf(urlsession);
      if (!dir) return undefined;
      let text: string;
      try {
        text = readFileSync(join(dir, LIVE_PLAYLIST), 'utf8');
      } catch {
        return undefined;
      }
      if (!segmentsOf(text).length) return undefined;
      d.hls.fetched(client);
      return `${text
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.startsWith('#') || LIVE_SEGMENT_NAME.test(line))
        .map((line) => (line.startsWith('#') ? line : `${urlsession}/${line}${grant.query}`))
        .join('\n')}\n`;
    },

    /** The folder and file name of a segment (the name checked), or undefined. */
    segment(urlsession: string, name: string): { dir: string; name: string } | undefined {
      const dir = folderOf(urlsession);
      return dir && LIVE_SEGMENT_NAME.test(name) ? { dir, name } : undefined;
    },

    /** A granted WebSocket: the HD stream until it closes, the room stops or its session ends. */
    watch(urlsession: string, grant: Grant, socket: ViewerSocket): void {
      if (folderOf(urlsession)) d.viewers.add(socket, d.media.encoder.hd, grant.sessionId);
      else socket.close(1001, 'the live room is not living');
    },

    get published() {
      return published();
    },
    /** The live folder of the room while living (tests look into it). */
    get folder() {
      return current?.hls.dir;
    },
    /** The HLS output while living (tests count its restarts). */
    get output() {
      return current?.hls;
    },
  };
}
export type LiveService = ReturnType<typeof liveService>;
