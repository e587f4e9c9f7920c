import { hostname, networkInterfaces } from 'node:os';
import { typedSetting } from '@roomcast/contract';
import type { MediaEngine } from '../../media/media-engine.js';
import type { Room } from '../room/index.js';
import { freeUdpPort, RtspFeed } from '../../media/rtsp-feed.js';
import { RtspServer, type RtspListener } from '../../media/rtsp-server.js';
import { Fail } from '../core/index.js';
import type { SettingsService } from '../settings/index.js';

/** The two RTSP outputs: main serves the HD picture, sub the SD one. */
export type RtspOutput = 'main' | 'sub';
export const RTSP_OUTPUTS: readonly RtspOutput[] = ['main', 'sub'];
/** The port of an output URL that names none (RTSP's own). */
export const RTSP_DEFAULT_PORT = 554;
/** Multicast: the RTP/RTCP ports each output sends to on its group (video, then audio). */
export const RTSP_MULTICAST_PORTS: Record<RtspOutput, [number, number]> = { main: [5004, 5007], sub: [5008, 5011] };
/** Multicast: how many routers the RTP packets may cross. */
export const RTSP_MULTICAST_TTL = 16;
/** A mount path: one or more `/segment`s of letters, digits and `. _ ~ -`. */
const MOUNT_PATH = /^(\/[A-Za-z0-9._~-]+)+$/;

/** Where an enabled output is served: the socket the server listens on, the mount path, the multicast group. */
export interface RtspTarget {
  output: RtspOutput;
  /** The address the RTSP server listens on. */
  bind: string;
  port: number;
  path: string;
  /** Multicast: RTP goes to this group (the URL's host); the server listens on every address. */
  group?: string;
}

/** This device's names and addresses, which a unicast output may listen on. */
export interface LocalHost {
  addresses: ReadonlySet<string>;
  name: string;
}

export function localHost(): LocalHost {
  const addresses = new Set<string>();
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) addresses.add(a.address.toLowerCase());
  return { addresses, name: hostname().toLowerCase() };
}

const ipv4 = (host: string) => {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  const parts = m?.slice(1).map(Number);
  return parts?.every((n) => n <= 255) ? parts : undefined;
};
const isMulticast = (host: string) => {
  const a = ipv4(host);
  return a !== undefined && a[0]! >= 224 && a[0]! <= 239;
};

/**
 * setting_live_rtsp's URL of one output as a place to serve. Unicast: the server listens where the URL says
 * (0.0.0.0 or :: every address, 127.0.0.1/localhost loopback only, one of this device's addresses, or its host
 * name: every address) and clients pull. Multicast: the URL's host is the group RTP is sent to (224.0.0.0/4),
 * the server listens on every address. Port: the URL's, else 554; path: the URL's (required, e.g. `/main`).
 */
export function rtspTargetOf(output: RtspOutput, url: string, type: string, local: LocalHost): RtspTarget | { error: string } {
  const fail = (why: string) => ({ error: `${output}url: ${why}` });
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return fail('not a URL');
  }
  if (u.protocol !== 'rtsp:') return fail('must be an rtsp:// URL');
  if (u.username || u.password || u.search || u.hash) return fail('an RTSP output URL has no user, query or fragment');
  if (!MOUNT_PATH.test(u.pathname)) return fail(`needs a path such as /${output} (letters, digits and . _ ~ - only)`);
  const port = u.port === '' ? RTSP_DEFAULT_PORT : Number(u.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return fail('the port must be 1 to 65535');
  const host = u.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (type === 'multicast') {
    if (!isMulticast(host))
      return fail(`multicast needs a multicast group as the host (224.0.0.0 to 239.255.255.255, e.g. 239.255.0.1), not ${host}`);
    return { output, bind: '0.0.0.0', port, path: u.pathname, group: host };
  }
  if (isMulticast(host)) return fail(`${host} is a multicast group: set the type to multicast, or use an address of this device`);
  let bind: string | undefined;
  if (host === '0.0.0.0' || host === '::' || host === local.name) bind = host === '::' ? '::' : '0.0.0.0';
  else if (host === 'localhost' || host === '127.0.0.1') bind = '127.0.0.1';
  else if (local.addresses.has(host)) bind = host;
  if (!bind) return fail(`${host} is not an address of this device (use 0.0.0.0 for every address, 127.0.0.1, or one of its addresses)`);
  return { output, bind, port, path: u.pathname };
}

/** The targets of the enabled outputs and what is wrong with the others (and with the two together). */
export function rtspTargets(values: Readonly<Record<string, string>>, local: LocalHost) {
  // Typed by the contract: the write guard checks the merged stored strings, the service the saved ones.
  const v = typedSetting('setting_live_rtsp', values);
  const targets: Partial<Record<RtspOutput, RtspTarget>> = {};
  const errors: string[] = [];
  for (const o of RTSP_OUTPUTS) {
    if (!v[`${o}enable`]) continue;
    const t = rtspTargetOf(o, v[`${o}url`], v.type, local);
    if ('error' in t) errors.push(t.error);
    else targets[o] = t;
  }
  const { main, sub } = targets;
  if (main && sub && main.port === sub.port) {
    if (main.bind !== sub.bind)
      errors.push(`suburl: port ${sub.port} is already served on ${main.bind} by the main output: use the same host or another port`);
    else if (main.path === sub.path) errors.push(`suburl: ${sub.path} on port ${sub.port} is the main output's: use another path`);
    if (errors.length) delete targets.sub;
  }
  return { targets, errors };
}

/** The helper's listeners for these targets and their feeds' UDP ports. */
export function rtspListeners(running: readonly { target: RtspTarget; feed: number }[]): RtspListener[] {
  const listeners = new Map<string, RtspListener>();
  for (const { target: t, feed } of running) {
    const key = `${t.bind} ${t.port}`;
    const l = listeners.get(key) ?? { address: t.bind, port: t.port, mounts: [] };
    listeners.set(key, l);
    l.mounts.push({
      path: t.path,
      feed,
      audio: true,
      ...(t.group ? { multicast: { group: t.group, ports: RTSP_MULTICAST_PORTS[t.output], ttl: RTSP_MULTICAST_TTL } } : {}),
    });
  }
  return [...listeners.values()];
}

export interface RtspOutputsDeps {
  settings: SettingsService;
  /** The room: the outputs that are on are part of its state (the media engine follows it). */
  room: Pick<Room, 'apply'>;
  media: Pick<MediaEngine, 'encoder'>;
  log: (line: string) => void;
  /** The helper's supervisor (tests may pass their own). */
  server?: RtspServer;
  /** This device's addresses (tests may pass their own). */
  local?: () => LocalHost;
}

/**
 * The RTSP outputs (setting_live_rtsp): each enabled output is served while the setting says so — saved
 * enabled, the encoder runs (the room's state says so; it stops when the last output goes off and nothing else needs it), a
 * stream copy of its fan-out (main HD, sub SD) goes to the RTSP helper over loopback UDP (`media/rtsp-feed.ts`),
 * and GStreamer's RTSP server in the helper serves it at the URL's port and path (`media/rtsp-server.ts`).
 * A write the service could not serve (an address that is not this device's, two outputs on one mount) is
 * refused by `check`; `apply` follows every stored change, `resume` starts the saved outputs at boot.
 */
export function rtspOutputs(d: RtspOutputsDeps) {
  const server = d.server ?? new RtspServer(d.log);
  const local = d.local ?? localHost;
  const running = new Map<RtspOutput, { target: RtspTarget; feed: RtspFeed }>();
  /** Applies run one after another. */
  let chain: Promise<unknown> = Promise.resolve();
  const serial = (fn: () => Promise<void>): Promise<void> => {
    const run = chain.then(fn, fn);
    chain = run.catch((err: unknown) => d.log(`[RTSP] ${(err as Error).message}`));
    return run;
  };

  /** Serves what setting_live_rtsp says now. */
  async function reconcile(): Promise<void> {
    const { targets, errors } = rtspTargets(d.settings.raw('setting_live_rtsp'), local());
    for (const e of errors) d.log(`[RTSP] not served: ${e}`);
    const on = RTSP_OUTPUTS.filter((o) => targets[o]);
    const off = RTSP_OUTPUTS.filter((o) => !targets[o] && running.has(o));
    const next = { type: 'rtsp.set', main: targets.main !== undefined, sub: targets.sub !== undefined } as const;
    // On first, so the encoder runs (with the SD picture the sub output sends) before the feeds attach to it.
    if (on.length) void d.room.apply(next);
    const where = (t: RtspTarget) => `rtsp://${t.bind}:${t.port}${t.path}${t.group ? ` (multicast to ${t.group})` : ''}`;
    for (const o of on) {
      const target = targets[o]!;
      const current = running.get(o);
      if (current) {
        if (where(current.target) !== where(target)) d.log(`[RTSP] ${o} moves to ${where(target)}`);
        current.target = target;
        continue;
      }
      const feed = new RtspFeed(d.media.encoder, o === 'main' ? 'hd' : 'sd', await freeUdpPort(), (line) =>
        d.log(`[RTSP ${o} feed] ${line}`),
      );
      feed.start();
      running.set(o, { target, feed });
      d.log(`[RTSP] ${o} served at ${where(target)}`);
    }
    // Mounts first (their clients are disconnected), then the feeds of the outputs that went off.
    const gone = off.map((o) => running.get(o)!);
    for (const o of off) running.delete(o);
    await server.configure(rtspListeners([...running.values()].map((r) => ({ target: r.target, feed: r.feed.port }))));
    await Promise.all(gone.map((r) => r.feed.stop()));
    for (const o of off) d.log(`[RTSP] ${o} off`);
    // Off last, once the feeds have stopped: the encoder then stops unless something else needs it.
    await d.room.apply(next);
  }

  return {
    /** The write guard's check: refuses values an enabled output could not be served with. */
    check(values: Readonly<Record<string, string>>): void {
      const { errors } = rtspTargets(values, local());
      if (errors.length) throw Fail.of('settingInvalid', errors.join('; '));
    },
    /** Follows a stored change of setting_live_rtsp. */
    apply: () => serial(reconcile),
    /** At boot: serves the outputs the saved setting enables. */
    resume: () => serial(reconcile),
    /** At shutdown: the helper and the feeds stop (the setting stays: `resume` serves them again). */
    halt: () =>
      serial(async () => {
        await server.stop();
        await Promise.all([...running.values()].map((r) => r.feed.stop()));
        running.clear();
      }),
    /** Resolves when the changes asked for so far are applied. */
    settled: () => chain.then(() => undefined),
    /** The outputs being served, with their targets and feed ports (tests, logs). */
    get outputs() {
      return Object.fromEntries([...running].map(([o, r]) => [o, { ...r.target, feed: r.feed.port, feeding: r.feed.running }])) as Partial<
        Record<RtspOutput, RtspTarget & { feed: number; feeding: boolean }>
      >;
    },
    /** The helper's supervisor (its pid, restarts, applied configurations). */
    server,
  };
}
export type RtspOutputs = ReturnType<typeof rtspOutputs>;
