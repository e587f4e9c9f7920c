import { MESSAGES } from '@roomcast/contract';
import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { delay, waitEncoded, waitFor } from '../wait.js';
import { encoderChildren, ffmpegChildren, leftSegments, probeSeconds, segmentBytes } from './fault-helpers.js';

type State = 'idle' | 'recording' | 'paused';
type Control = 'start' | 'pause' | 'resume' | 'stop';
const NEXT: Record<Control, Partial<Record<State, State>>> = {
  start: { idle: 'recording' },
  pause: { recording: 'paused' },
  resume: { paused: 'recording' },
  stop: { recording: 'idle', paused: 'idle' },
};
/** The refusal a command gives in a state it cannot act on; any command may also be refused while another one runs. */
const REFUSAL: Record<Control, string> = {
  start: MESSAGES.recordRunning,
  pause: MESSAGES.recordNotRunning,
  resume: MESSAGES.recordNotPaused,
  stop: MESSAGES.recordNotRunning,
};
type Answered = { control: Control; result: boolean; message: string };

/** The states the answers can end in, taking the commands in some order (each command acts at one moment). */
function endStates(from: State, answers: Answered[]): Set<State> {
  const ends = new Set<State>();
  const walk = (state: State, left: Answered[]) => {
    if (!left.length) return void ends.add(state);
    left.forEach((a, i) => {
      const rest = [...left.slice(0, i), ...left.slice(i + 1)];
      const next = NEXT[a.control][state];
      if (a.result && next) walk(next, rest);
      else if (!a.result && a.message === MESSAGES.recordPending) walk(state, rest);
      else if (!a.result && !next && a.message === REFUSAL[a.control]) walk(state, rest);
    });
  };
  walk(from, answers);
  return ends;
}

// Fault: two people, each logged in on a console with the record function, press record buttons at the same moment.
describe('fault: two consoles drive record control at once', async () => {
  const t = await makeApp();
  const admin = await t.login();
  await t.post('writeconfig', { settingcode: 'setting_rec_video_codec', data: [{ key: 'main_quality', value: '270' }] }, admin);
  const consoles = [await t.userWith(['record'], 'console1', admin), await t.userWith(['record'], 'console2', admin)];
  let state: State = 'idle';
  let starts = 0;

  const statusState = async (): Promise<State> => {
    const s = (await t.post('status', {}, admin)).body.data;
    expect(s.isrecordpending).toBe('false');
    return s.isrecording === 'false' ? 'idle' : s.isrecordingpaused === 'true' ? 'paused' : 'recording';
  };

  /** Sends the commands at once (console i % 2), checks every answer and the status, and that the files agree. */
  async function round(controls: Control[]): Promise<void> {
    const answers = await Promise.all(
      controls.map(async (control, i) => {
        const res = await t.post('recordctl', { control }, consoles[i % 2]);
        expect(res.status).toBe(200);
        return { control, result: res.body.result, message: res.body.message };
      }),
    );
    for (const a of answers) {
      if (a.result) expect(a.message).toBe('');
      else expect([MESSAGES.recordPending, REFUSAL[a.control]]).toContain(a.message);
    }
    starts += answers.filter((a) => a.result && a.control === 'start').length;
    const possible = endStates(state, answers);
    state = await statusState();
    expect([...possible], JSON.stringify(answers)).toContain(state);

    const open = t.internals.repos.recordings.inState('recording');
    if (state === 'idle') {
      expect(open).toEqual([]);
      expect(t.internals.repos.recordings.inState('finalizing')).toEqual([]);
      expect(t.internals.repos.recordings.inState('done').length + t.internals.repos.recordings.inState('failed').length).toBe(starts);
      return;
    }
    // One recording open, one encoder; its segments grow while recording and stand still while paused.
    expect(open).toHaveLength(1);
    expect(encoderChildren()).toHaveLength(1);
    const before = segmentBytes(open[0]!.dir);
    // Recording: until they grew. Paused: while the encoder makes 1.2 s of picture (it keeps encoding while paused).
    if (state === 'recording')
      await waitFor(() => segmentBytes(open[0]!.dir) > before, { timeoutMs: 5000, what: 'the segments to grow while recording' });
    else await waitEncoded(t.internals.media.encoder.hd, 1.2, 'while paused');
    const after = segmentBytes(open[0]!.dir);
    if (state === 'recording') expect(after).toBeGreaterThan(before);
    else expect(after).toBe(before);
  }

  // Must hold: every command answered (done, or refused with a clear contract message); status matches an order of the answers and the files on disk; no orphan ffmpeg.
  it('concurrent start/pause/resume/stop from two users: truthful status, clear refusals, files agree, no orphan ffmpeg', async () => {
    await round(['start', 'start']);
    expect(state).toBe('recording');
    await round(['pause', 'pause']);
    expect(state).toBe('paused');
    await round(['resume', 'resume']);
    await round(['pause', 'resume']);
    await round(['stop', 'stop']);
    expect(state).toBe('idle');
    await round(['start', 'stop']);
    await round(['start', 'pause', 'resume', 'stop', 'start', 'pause', 'resume', 'stop']);
    await round(['stop', 'start', 'pause', 'start', 'resume', 'stop']);
    // Whatever is left running ends now.
    while (state !== 'idle') await round(['stop']);

    const done = t.internals.repos.recordings.inState('done');
    expect(done.length).toBe(starts);
    for (const rec of done) {
      const files = t.internals.repos.recordings.files(rec.id);
      expect(files.length, rec.dir).toBeGreaterThan(0);
      for (const f of files) expect(await probeSeconds(f.filepath), f.filepath).toBeGreaterThan(0);
      expect(leftSegments(rec.dir), rec.dir).toEqual([]);
    }
    expect(new Set(done.map((r) => r.dir)).size).toBe(done.length);
    expect(t.internals.media.encoder.running).toBe(false);
    await waitFor(() => ffmpegChildren().length === 0, {
      timeoutMs: 5000,
      intervalMs: 100,
      what: 'every ffmpeg child to end',
      detail: () => ffmpegChildren().map((p) => p.argv.join(' ')),
    });
    expect(ffmpegChildren()).toEqual([]);
  }, 90_000);

  // Must hold: a start, stop and start again within one second make two recordings with files of their own (none overwritten, none left unfinished).
  it('start, stop and start again within one second: two recordings, each with its own folder and files', async () => {
    const before = t.internals.repos.recordings.inState('done').length;
    // The wall clock is what is tested here: wait for the next second to begin, so both starts fall in the same second.
    await delay(1000 - (Date.now() % 1000));
    const startedAt: number[] = [];
    for (let i = 0; i < 2; i++) {
      startedAt.push(Date.now());
      expect((await t.post('recordctl', { control: 'start' }, consoles[0])).body).toEqual({ result: true, message: '' });
      await delay(100); // a moment of recording: start, stop and start again within one second is the case
      expect((await t.post('recordctl', { control: 'stop' }, consoles[1])).body).toEqual({ result: true, message: '' });
    }
    const done = t.internals.repos.recordings.inState('done').slice(before);
    expect(done, `starts at ${startedAt.map((ms) => ms % 10_000).join(', ')} ms`).toHaveLength(2);
    expect(t.internals.repos.recordings.inState('finalizing')).toEqual([]);
    expect(new Set(done.map((r) => r.dir)).size).toBe(2);
    const paths = done.flatMap((r) => t.internals.repos.recordings.files(r.id).map((f) => f.filepath));
    expect(new Set(paths).size).toBe(paths.length);
  }, 60_000);
});
