import { readdirSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CallName,
  type CallRequest,
  channelCodeOf,
  HD_CHANNEL,
  LAYOUT_CHANNELS,
  LAYOUT_TYPES,
  layoutProblem,
  LIMITS,
  MESSAGES,
} from '@roomcast/contract';
import { describeChange, engineDemand, type RoomEvent, type RoomState, transition } from '../../src/services/room/index.js';
import { makeApp } from '../helpers.js';
import { delay, waitFor } from '../wait.js';
import { ffmpegChildren, leftSegments, probeSeconds } from './fault-helpers.js';

/**
 * Property: whatever several consoles send at once (record, live, an RTMP output, layouts, disk scans), the room's
 * state changes only by legal transitions, status and listmedia tell the truth, every recording that started is
 * kept playable, nothing keeps running once everything is stopped, and every refusal is the spec's message.
 * Replay a failure: ROOM_PROPERTY_SEED=<seed> ROOM_PROPERTY_PATH=<path> (printed by fast-check), docs/developing.md.
 */

// ---- The commands ------------------------------------------------------------------------------------------

type Sent = 'recordctl' | 'roomlivectrl' | 'rtmpchannelctl' | 'setlayoutid' | 'layout' | 'scanfiles';
/** One command as a console sends it, after a generated pause (so that states are reached and held a moment). */
type Step = { [N in Sent]: { call: N; body: CallRequest<N> } }[Sent] & { gapMs: number };

const layoutBody = fc
  .record({
    type: fc.integer({ min: 0, max: LIMITS.layoutTypes - 1 }),
    output: fc.constantFrom('output' as const, 'preview' as const),
    // Half the time a layout that fits its type (distinct channels, one per window); else any channels (refused or not).
    fits: fc.boolean(),
    any: fc.array(fc.constantFrom(...LAYOUT_CHANNELS), { minLength: 1, maxLength: 5 }),
    order: fc.shuffledSubarray([...LAYOUT_CHANNELS], { minLength: 5, maxLength: 5 }),
  })
  .map(({ type, output, fits, any, order }) => {
    const channeldata = fits ? order.slice(0, LAYOUT_TYPES[type]!.slots.length) : any;
    return { type, output, channels: channeldata.length, channeldata };
  });

const command: fc.Arbitrary<Omit<Step, 'gapMs'>> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('start', 'pause', 'resume', 'stop').map((control) => ({ call: 'recordctl' as const, body: { control } })),
  },
  { weight: 2, arbitrary: fc.constantFrom('start', 'stop').map((control) => ({ call: 'roomlivectrl' as const, body: { control } })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('start', 'stop')
      .map((control) => ({ call: 'rtmpchannelctl' as const, body: { channel: '1' as const, control } })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 0, max: LIMITS.layoutSlots - 1 }).map((id) => ({ call: 'setlayoutid' as const, body: { id } })),
  },
  { weight: 1, arbitrary: layoutBody.map((body) => ({ call: 'layout' as const, body })) },
  { weight: 1, arbitrary: fc.constant({ call: 'scanfiles' as const, body: {} }) },
);
/** The pause before a command: often none (commands meet), else up to 0.8 s. */
const gap = fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 800 }));
const step: fc.Arbitrary<Step> = fc.tuple(command, gap).map(([c, gapMs]) => ({ ...c, gapMs }) as Step);
/** A console's whole recording: start, pause, resume, stop (its own gaps), so that pause and resume meet a recording. */
const recordingSession: fc.Arbitrary<Step[]> = fc
  .tuple(gap, gap, gap, gap)
  .map((gaps) =>
    (['start', 'pause', 'resume', 'stop'] as const).map((control, i) => ({ call: 'recordctl', body: { control }, gapMs: gaps[i]! })),
  );
/** What one console sends, one command after another: single commands and now and then a whole recording. */
const chain = fc
  .array(fc.oneof({ weight: 5, arbitrary: step.map((s) => [s]) }, { weight: 1, arbitrary: recordingSession }), {
    minLength: 1,
    maxLength: 5,
  })
  .map((blocks) => blocks.flat());
/** 2-3 consoles at the same time. */
const consoles = fc.array(chain, { minLength: 2, maxLength: 3 });

/**
 * Invariant 5: the refusals a command may meet, as the spec words them (any of them depending on when it lands
 * among the others'); an empty list: it is always done. A layout is refused exactly when the contract's rule says so.
 */
const RECORD_REFUSALS = {
  start: [MESSAGES.recordRunning, MESSAGES.recordScanning],
  pause: [MESSAGES.recordNotRunning],
  resume: [MESSAGES.recordNotPaused],
  stop: [MESSAGES.recordNotRunning],
};
function refusalsOf(s: Step): string[] {
  switch (s.call) {
    case 'recordctl':
      // Any record command may also meet another one under way.
      return [MESSAGES.recordPending, ...RECORD_REFUSALS[s.body.control]];
    case 'scanfiles':
      return [MESSAGES.hddScanRecording, MESSAGES.recordScanning];
    case 'layout': {
      const problem = layoutProblem(s.body);
      if (!problem) return [];
      return [{ type: MESSAGES.layoutFail, empty: MESSAGES.layoutEmptyChannel, duplicate: MESSAGES.layoutDuplicateChannel }[problem]];
    }
    default:
      return [];
  }
}

// ---- What must hold of a state --------------------------------------------------------------------------------

/** Invariant 1: what every state of the room holds, whatever led to it (empty: coherent). */
function incoherence(s: Readonly<RoomState>): string[] {
  const wrong: string[] = [];
  if ((s.recordingStart !== undefined) !== (s.recording === 'recording')) wrong.push('recordingStart is set iff recording');
  if (s.recording === 'idle' && (s.recordedMs !== 0 || s.schedule)) wrong.push('idle: no recorded time, no schedule');
  if (s.recordedMs < 0) wrong.push('recordedMs is never negative');
  if (s.scanning && s.recording !== 'idle') wrong.push('no disk scan while a recording is starting or on');
  if ((s.livingStart !== undefined) !== s.living) wrong.push('livingStart is set iff living');
  for (const ch of ['main', 'sub'] as const)
    if ((s.rtmpStart[ch] !== undefined) !== (s.rtmp[ch] !== 'off')) wrong.push(`rtmpStart.${ch} is set iff RTMP ${ch} is on`);
  return wrong;
}

type Status = Record<string, string>;
/** Invariant 2 (during a run): what every status answer holds (empty: coherent). */
function statusIncoherence(st: Status): string[] {
  const wrong: string[] = [];
  const recording = st.isrecording === 'true';
  const paused = st.isrecordingpaused === 'true';
  if (paused && !recording) wrong.push('isrecordingpaused implies isrecording');
  if ((st.recordingstart !== '') !== (recording && !paused)) wrong.push('recordingstart is shown iff recording and not paused');
  if (!recording && st.current !== '0') wrong.push('current is 0 while not recording');
  if (st.hdd_scanning === 'true' && recording) wrong.push('hdd_scanning never while recording');
  if (st.isschedulerecording !== 'false' || st.recordingscheduleid !== '') wrong.push('no schedule: isschedulerecording stays false');
  if ((st.livingstart !== '') !== (st.isliving === 'true')) wrong.push('livingstart is shown iff isliving');
  if ((st.mainlivingstart !== '') !== (st.ismainliving !== 'false')) wrong.push('mainlivingstart is shown iff RTMP main is on');
  if (st.issubliving !== 'false' || st.sublivingstart !== '') wrong.push('RTMP sub was never started');
  return wrong;
}

// ---- The service under test ---------------------------------------------------------------------------------

/** A loopback port nothing listens on: the RTMP main output connects, fails and sits in `reconn`, retrying. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * How much to try, from the environment: ROOM_PROPERTY_SEED (and ROOM_PROPERTY_PATH) replay what fast-check printed
 * for a failure; ROOM_PROPERTY_RUNS (default 10) and ROOM_PROPERTY_SECONDS (default 40: no run begins after it) let a
 * longer hunt for bugs run by hand. `npm test` uses the defaults with a fresh seed each time.
 */
function budgetFromEnv(env = process.env) {
  const int = (name: string, fallback: number, min: number) => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    if (!/^-?\d+$/.test(v) || Number(v) < min) throw new Error(`${name} must be a whole number of at least ${min}: ${v}`);
    return Number(v);
  };
  return {
    // Our own seed when none is given, so that the figures name it too (fast-check prints it with a failure).
    seed: int('ROOM_PROPERTY_SEED', Math.floor(Math.random() * 2 ** 31), -(2 ** 31)),
    path: env.ROOM_PROPERTY_PATH || undefined,
    runs: int('ROOM_PROPERTY_RUNS', 10, 1),
    seconds: int('ROOM_PROPERTY_SECONDS', 40, 1),
  };
}
const budget = budgetFromEnv();

describe('property: room commands from several consoles at once (real service, real ffmpeg)', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.writeSettings(admin, {
    // A small picture keeps the encodes light; one ISO channel (CH1) so that the ISO encodes are exercised too.
    setting_rec_video_codec: { main_quality: '270' },
    setting_advance_media_save: { movie_low_enable: 'false', resource_vi0_enable: 'true' },
    setting_live_rtmp: { mainenable: 'true', mainurl: `rtmp://127.0.0.1:${await closedPort()}/live/roomcast` },
  });
  /** The streams each recording records with these settings: the HD picture (no SD) and channel A on its own. */
  const RECORDED_CHANNELS = new Set([HD_CHANNEL, channelCodeOf('CH1')]);
  // What a console operator has: the operation tree (record, live, layouts, RTMP) and the storage page (disk scan).
  const functions = ['operation', 'operating', 'videoeffect', 'rtmplive', 'record', 'setting', 'storage'];
  const callers = [
    await t.userWith(functions, 'console1', admin),
    await t.userWith(functions, 'console2', admin),
    await t.userWith(functions, 'console3', admin),
  ];
  const room = t.internals.room;
  const repos = t.internals.repos.recordings;

  // Invariant 1, for every event: collected here (a listener that threw would break the service's `apply`).
  const badEvents: string[] = [];
  /** What happened in the run under way, in order with its time (printed when the run fails). */
  let trace: string[] = [];
  let traceFrom = Date.now();
  const note = (line: string) => trace.push(`+${String(Date.now() - traceFrom).padStart(5)} ms ${line}`);
  const eventCounts = new Map<string, number>();
  let lastState = room.state;
  room.subscribe((e: RoomEvent) => {
    eventCounts.set(e.command.type, (eventCounts.get(e.command.type) ?? 0) + 1);
    note(`room ${e.command.type}: ${describeChange(e.before, e.after)}`);
    const where = `${e.command.type} ${JSON.stringify(e.command)}`;
    // One chain of states: each event starts from the state the one before it ended in (no change lost).
    if (e.before !== lastState) badEvents.push(`${where}: its "before" is not the state the previous event left`);
    lastState = e.after;
    let legal: RoomState | undefined;
    try {
      legal = transition(e.before, e.command);
    } catch (err) {
      badEvents.push(`${where}: transition refuses it (${(err as Error).message})`);
    }
    if (legal && JSON.stringify(legal) !== JSON.stringify(e.after))
      badEvents.push(`${where}: after is ${JSON.stringify(e.after)}, transition gives ${JSON.stringify(legal)}`);
    for (const w of incoherence(e.after)) badEvents.push(`${where}: ${w}; state ${JSON.stringify(e.after)}`);
  });

  const status = async (): Promise<Status> => {
    const res = await t.post('status', {}, admin);
    expect(res.status, 'status answers 200').toBe(200);
    expect(res.body.result, res.body.message).toBe(true);
    return res.body.data as Status;
  };
  /** Every recording listmedia lists (all users', every page). */
  async function listed(): Promise<{ recordid: string; stop: boolean; files: unknown[] }[]> {
    const rows: { recordid: string; stop: boolean; files: unknown[] }[] = [];
    for (let page = 1; ; page++) {
      const res = await t.post('listmedia', { usercode: '*', currentpage: page, pagesize: 100 }, admin);
      expect(res.body.result, res.body.message).toBe(true);
      rows.push(...res.body.data.rows);
      if (rows.length >= res.body.data.total || !res.body.data.rows.length) return rows;
    }
  }
  const allIds = () => new Set((['recording', 'finalizing', 'done', 'failed'] as const).flatMap((s) => repos.inState(s).map((r) => r.id)));
  /** No record command, stop's finalize or disk scan under way (the answers are in; what they started may still run). */
  const settle = () =>
    waitFor(() => !room.state.pending && room.state.recording !== 'starting' && !room.state.scanning, {
      timeoutMs: 60_000,
      what: 'record commands, finalizing and disk scans to end',
      detail: () => room.state,
    });

  /** Invariant 2 (at the end): a recording is on in status iff listmedia lists exactly one not stopped. */
  async function statusAgreesWithList(): Promise<void> {
    const st = await status();
    const open = (await listed()).filter((r) => !r.stop).map((r) => r.recordid);
    expect(st.isrecordpending, 'nothing pending once settled').toBe('false');
    expect(open, `status isrecording=${st.isrecording}; listmedia's recordings not stopped`).toHaveLength(
      st.isrecording === 'true' ? 1 : 0,
    );
  }

  /** Everything off: recording stopped, the live room and the RTMP output too; waits until the engine has followed. */
  async function stopEverything(): Promise<void> {
    await settle();
    const stops: [CallName, object][] = [
      ['recordctl', { control: 'stop' }],
      ['roomlivectrl', { control: 'stop' }],
      ['rtmpchannelctl', { channel: '1', control: 'stop' }],
    ];
    for (const [call, body] of stops) {
      const res = await t.post(call, body, admin);
      expect(res.status).toBe(200);
      if (!res.body.result) expect(res.body.message, `${call} stop`).toBe(MESSAGES.recordNotRunning);
    }
    await settle();
    const s = room.state;
    expect([s.recording, s.living, s.rtmp, s.rtsp], 'the room is all off').toEqual([
      'idle',
      false,
      { main: 'off', sub: 'off' },
      { main: false, sub: false },
    ]);
  }

  /** Invariant 4: nothing runs once everything is stopped: no encode wanted or running, no ffmpeg child of this process. */
  async function nothingRuns(): Promise<void> {
    expect(engineDemand(room.state), 'the room asks the engine for nothing').toMatchObject({ composite: false, sd: false, iso: false });
    const encoder = t.internals.media.encoder;
    await waitFor(() => !encoder.running && !encoder.wanted, { timeoutMs: 15_000, what: 'the composite encoder to stop' });
    await waitFor(() => ffmpegChildren().length === 0, {
      timeoutMs: 15_000,
      intervalMs: 100,
      what: 'every ffmpeg child (composite, ISO, RTMP push, snapshot) to end',
      detail: () => ffmpegChildren().map((p) => p.argv.join(' ')),
    });
  }

  /** Invariant 3: each start that answered result:true is one recording, listed, stopped, with files ffprobe accepts. */
  async function startsKept(before: ReadonlySet<number>, starts: number): Promise<number> {
    const fresh = [...allIds()].filter((id) => !before.has(id));
    expect(fresh, 'one recording for each start answered result:true').toHaveLength(starts);
    const rows = new Map((await listed()).map((r) => [Number(r.recordid), r]));
    let files = 0;
    for (const id of fresh) {
      const rec = repos.find(id)!;
      expect(rows.get(id), `recording ${id} is listed`).toBeDefined();
      expect(rows.get(id)!.stop, `recording ${id} is listed stopped`).toBe(true);
      const folder = () => readdirSync(rec.dir).map((f) => `${f} ${statSync(join(rec.dir, f)).size} B`);
      expect(rec.state, `recording ${id} (${rec.note}), folder: ${JSON.stringify(folder())}`).toBe('done');
      const own = repos.files(id);
      // A file for every stream it records: the HD picture and the ISO channel (start answers once each has a frame).
      expect(new Set(own.map((f) => f.channel)), `recording ${id}'s files: ${JSON.stringify(folder())}`).toEqual(RECORDED_CHANNELS);
      for (const f of own) expect(await probeSeconds(f.filepath), `ffprobe of ${f.filepath}`).toBeGreaterThan(0);
      expect(leftSegments(rec.dir), `no segment left in ${rec.dir}`).toEqual([]);
      files += own.length;
    }
    return files;
  }

  // Figures of the whole property, printed at the end.
  const figures = { runs: 0, commands: 0, done: 0, refused: new Map<string, number>(), statusReads: 0, recordings: 0, files: 0 };

  /** One run: the consoles' chains at once, reading status meanwhile; then every invariant, everything stopped. */
  async function run(chains: Step[][]): Promise<void> {
    trace = [];
    traceFrom = Date.now();
    // Each run answers for its own events (a failed run's must not fail the shrinking runs after it).
    badEvents.length = 0;
    try {
      await checkedRun(chains);
    } catch (err) {
      console.log(`room property: the failing run, in order:\n${trace.join('\n')}`);
      throw err;
    }
  }

  async function checkedRun(chains: Step[][]): Promise<void> {
    figures.runs++;
    const before = allIds();
    let starts = 0;
    const badAnswers: string[] = [];
    const badStatus: string[] = [];

    async function chain(steps: Step[], i: number): Promise<void> {
      for (const s of steps) {
        // The generated gap: how long a state is held before the next command is what is being varied.
        if (s.gapMs) await delay(s.gapMs);
        note(`console ${i + 1} sends ${s.call} ${JSON.stringify(s.body)}`);
        const res = await t.post(s.call, s.body, callers[i]);
        note(`console ${i + 1} ${s.call} ${JSON.stringify(s.body)}: ${JSON.stringify(res.body)}`);
        figures.commands++;
        const allowed = refusalsOf(s);
        const refusedLayout = allowed.length > 0;
        const what = `${s.call} ${JSON.stringify(s.body)} answered ${res.status} ${JSON.stringify(res.body)}`;
        // Invariant 5: 200 always (never a 5xx); done with no message, or refused with one of the spec's.
        if (res.status !== 200 || typeof res.body.result !== 'boolean') badAnswers.push(what);
        else if (res.body.result && res.body.message !== '') badAnswers.push(`${what}: done carries no message`);
        else if (s.call === 'layout' && res.body.result === refusedLayout) badAnswers.push(`${what}: expected ${allowed[0] ?? 'done'}`);
        else if (!res.body.result && !allowed.includes(res.body.message)) badAnswers.push(`${what}: not one of ${JSON.stringify(allowed)}`);
        if (res.body.result) figures.done++;
        else figures.refused.set(res.body.message, (figures.refused.get(res.body.message) ?? 0) + 1);
        if (res.body.result && s.call === 'recordctl' && s.body.control === 'start') starts++;
      }
    }

    let running = true;
    // Invariant 2 (during the run): status read again and again while the commands land. A bad answer is noted, not
    // thrown (the wait would take a throw for "not yet").
    const watching = waitFor(
      async () => {
        const res = await t.post('status', {}, admin);
        figures.statusReads++;
        if (res.status !== 200 || !res.body.result) badStatus.push(`status answered ${res.status} ${JSON.stringify(res.body)}`);
        else for (const w of statusIncoherence(res.body.data as Status)) badStatus.push(`${w}: ${JSON.stringify(res.body.data)}`);
        return !running;
      },
      { timeoutMs: 120_000, intervalMs: 100, what: 'the consoles to finish' },
    );
    try {
      const ended = await Promise.allSettled(chains.map((steps, i) => chain(steps, i)));
      running = false;
      await watching;
      for (const e of ended) if (e.status === 'rejected') throw e.reason;
      expect(badAnswers, 'invariant 5: every answer 200, refusals the spec messages').toEqual([]);
      expect(badStatus, 'invariant 2: status coherent while the commands land').toEqual([]);
      await settle();
      await statusAgreesWithList();
    } finally {
      running = false;
      await watching.catch(() => undefined);
      // Each run ends with everything stopped, whatever happened, so the next one starts from an idle room.
      await stopEverything();
    }
    expect(badEvents, 'invariant 1: every room event a legal transition to a coherent state').toEqual([]);
    await statusAgreesWithList();
    await nothingRuns();
    figures.recordings += starts;
    figures.files += await startsKept(before, starts);
  }

  // Must hold: under any mix of concurrent record / live / RTMP / layout / scan commands, the room moves only by legal transitions, status and listmedia agree, every started recording is kept playable, no ffmpeg is left and refusals are the spec's.
  it(
    'any interleaving of record, live, RTMP, layout and scan commands from 2-3 consoles keeps every invariant',
    async () => {
      const started = Date.now();
      const deadline = started + budget.seconds * 1000;
      await fc.assert(
        fc.asyncProperty(consoles, async (chains) => {
          // Past the time budget a run does nothing, and so passes: `runs` is an upper bound, the budget the real one.
          // (fast-check's own limits do not fit: interruptAfterTimeLimit abandons a run before its clean-up, and
          // skipAllAfterTimeLimit fails the property once too many runs were skipped.) Shrinking stays inside it too.
          if (Date.now() < deadline) await run(chains);
        }),
        // includeErrorInReport: the broken invariant in the failure's message itself, beside the seed (npm test's last
        // lines show it; scripts/failure-headline.mjs).
        { numRuns: budget.runs, seed: budget.seed, includeErrorInReport: true, ...(budget.path ? { path: budget.path } : {}) },
      );
      const refused = [...figures.refused].map(([m, n]) => `${n}x "${m}"`).join(', ');
      console.log(
        `room property (seed ${budget.seed}): ${figures.runs} runs in ${((Date.now() - started) / 1000).toFixed(1)} s, ${figures.commands} commands ` +
          `(${figures.done} done; refused: ${refused || 'none'}), ${figures.statusReads} status reads, ` +
          `${[...eventCounts.values()].reduce((a, b) => a + b, 0)} room events (${[...eventCounts].map(([k, n]) => `${k} ${n}`).join(', ')}), ` +
          `${figures.recordings} recordings with ${figures.files} files probed`,
      );
      expect(figures.runs, 'at least one run within the budget').toBeGreaterThan(0);
      // The last run may begin just before the deadline; a run takes at most about a minute even on a loaded machine.
    },
    (budget.seconds + 90) * 1000,
  );
});
