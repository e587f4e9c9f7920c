import type { Repositories } from '../../../db/repositories/index.js';
import type { RecordingRow } from '../../../db/repositories/recordings-repository.js';
import type { Clock, DeviceClock, Job } from '../../core/index.js';
import { readCalendar, type ScheduleRunEvent, type ScheduleService } from '../../schedule/index.js';
import { opencastClient, type AgentState, type OpencastClient, type RecordingState } from './opencast-client.js';
import { capabilitiesOf, type OpencastConfig } from './opencast-config.js';
import { eventsOfCalendar } from './opencast-events.js';
import { OpencastError } from './opencast-http.js';

export interface OpencastAgentDeps {
  repos: Repositories;
  clock: Clock;
  device: DeviceClock;
  config: () => OpencastConfig;
  zoneOffset: () => number;
  schedules: Pick<ScheduleService, 'replaceOrigin' | 'originOf'>;
  /** A recording runs now (the agent is capturing). */
  recording: () => boolean;
  /** An ingest runs now (the agent is uploading). */
  uploading: () => boolean;
  /** Where this agent is reached (capture-admin's `address`). */
  address: string;
  /** Agent state and calendar are renewed this often (pyCA: 60 s). */
  pollMs: number;
  log: (line: string) => void;
  oplog: (description: string) => void;
  replan: () => void;
}

/** Calendar look-ahead (pyCA's default: 14 days). */
const LOOKAHEAD_MS = 14 * 86_400_000;
/** After a failed exchange the agent tries again this soon (the recording goes on by the last calendar). */
const RETRY_MS = 15_000;
/** Events are kept this long after they end (for the ingest of their recording). */
const KEEP_EVENTS_MS = 30 * 86_400_000;
/** The longest the service's shutdown waits to tell Opencast the agent is offline. */
export const OFFLINE_AT_SHUTDOWN_MS = 2_000;

/**
 * Roomcast as an Opencast capture agent (pyCA's protocol): a job of the one scheduler tells Opencast the agent's
 * state on every change and every `pollMs`, its capabilities, the recording states of Opencast's events in order,
 * and reads the calendar with ETag / If-None-Match. Calendar events become read-only recording schedules (origin
 * `opencast`) of the schedule domain, which records them like any schedule (a start inside an event records
 * the rest of it). While Opencast cannot be reached the schedules stay as the last calendar had them.
 */
export function opencastAgent(d: OpencastAgentDeps) {
  let client: { key: string; client: OpencastClient } | undefined;
  let busy: Promise<void> | undefined;
  let sentState: AgentState | '' = '';
  /** A state is on its way to Opencast (it may have it already): at shutdown it must hear "offline" too. */
  let stateInFlight = false;
  let configured = '';
  let etag: string | undefined;
  let nextBeat = 0;
  let nextPoll = 0;
  let retryAt = 0;
  /** The disabled state (no schedules of Opencast left, Opencast told "offline") has been reached. */
  let settledOff = false;
  let schedulesCleared = false;
  /** The service shuts down: nothing more is started. */
  let closing = false;
  const status = { lastContact: 0, lastError: '', calendarRead: 0 };

  const desired = (): AgentState => (d.recording() ? 'capturing' : d.uploading() ? 'uploading' : 'idle');

  function clientFor(c: OpencastConfig): OpencastClient {
    const key = JSON.stringify([c.url, c.username, c.password, c.agentName]);
    if (client?.key === key) return client.client;
    client?.client.close();
    client = { key, client: opencastClient(c) };
    // Another server or agent: register again, tell the capabilities, read the whole calendar.
    sentState = '';
    configured = '';
    etag = undefined;
    nextPoll = 0;
    return client.client;
  }

  /** Tells Opencast the recording states in order; one it refuses for good is dropped (logged), not retried forever. */
  async function postStates(c: OpencastClient): Promise<void> {
    for (const p of d.repos.opencast.pendingPosts()) {
      try {
        await c.setRecordingState(p.uid, p.state as RecordingState);
      } catch (err) {
        if (!(err instanceof OpencastError) || err.retryable) throw err;
        d.log(`opencast: recording ${p.uid} state ${p.state} refused: ${err.message}`);
      }
      d.repos.opencast.posted(p.id);
    }
  }

  async function poll(c: OpencastClient, now: number): Promise<void> {
    const answer = await c.calendar(etag, now + LOOKAHEAD_MS);
    status.calendarRead = now;
    if (answer.notModified) return;
    const events = eventsOfCalendar(readCalendar(answer.text, d.zoneOffset()));
    for (const e of events) d.repos.opencast.put(e, now);
    const counts = d.schedules.replaceOrigin(
      'opencast',
      events.map((e) => ({ uid: e.uid, name: e.title, start: e.start, stop: e.stop })),
    );
    etag = answer.etag;
    schedulesCleared = false;
    if (counts.added + counts.changed + counts.removed)
      d.oplog(`Opencast calendar: ${counts.added} schedule(s) added, ${counts.changed} changed, ${counts.removed} removed`);
    d.repos.opencast.prune(now - KEEP_EVENTS_MS);
  }

  async function tickOff(): Promise<void> {
    d.schedules.replaceOrigin('opencast', []);
    const old = client;
    client = undefined;
    if (old && sentState) await old.client.setAgentState('offline', d.address).catch(() => undefined);
    old?.client.close();
    sentState = '';
    settledOff = true;
  }

  async function tick(now: number): Promise<void> {
    const c = d.config();
    if (!c.enable) return tickOff();
    settledOff = false;
    const oc = clientFor(c);
    const state = desired();
    if (state !== sentState || now >= nextBeat) {
      stateInFlight = true;
      try {
        await oc.setAgentState(state, d.address);
      } finally {
        stateInFlight = false;
      }
      sentState = state;
      nextBeat = now + d.pollMs;
      status.lastContact = d.clock.now();
    }
    const caps = capabilitiesOf(c, d.zoneOffset());
    const capsKey = JSON.stringify(caps);
    if (configured !== capsKey) {
      await oc.setConfiguration(caps);
      configured = capsKey;
    }
    await postStates(oc);
    if (c.schedules && now >= nextPoll) {
      await poll(oc, now);
      nextPoll = now + d.pollMs;
    } else if (!c.schedules && !schedulesCleared) {
      d.schedules.replaceOrigin('opencast', []);
      schedulesCleared = true;
    }
    status.lastContact = d.clock.now();
    status.lastError = '';
  }

  const job: Job = {
    name: 'opencast agent',
    next(now) {
      if (busy || closing) return undefined;
      const c = d.config();
      if (!c.enable) return settledOff ? undefined : now;
      if (retryAt > now) return retryAt;
      if (desired() !== sentState || d.repos.opencast.hasPendingPosts()) return now;
      return Math.min(nextBeat, c.schedules ? nextPoll : Number.POSITIVE_INFINITY);
    },
    async run(now) {
      // `wake` runs every job: act only when something is due.
      const due = job.next(now);
      if (due === undefined || due > now) return;
      // Started, not awaited: Opencast may be slow or down, and recording schedules must not wait for it.
      busy = tick(now)
        .then(() => {
          retryAt = 0;
        })
        .catch((err: unknown) => {
          const message = err instanceof Error ? err.message : String(err);
          if (message !== status.lastError) d.log(`opencast: ${message}`);
          status.lastError = message;
          retryAt = d.clock.now() + RETRY_MS;
        })
        .finally(() => {
          busy = undefined;
          d.replan();
        });
    },
  };

  /** A recording state of an event, to be told at once (and in order). */
  function recordingState(uid: string, state: RecordingState): void {
    d.repos.opencast.setState(uid, state, d.clock.now());
    // Something new to tell: try now, even while waiting after a failure (an ingest that just worked says Opencast is back).
    retryAt = 0;
    d.replan();
  }

  /** A recording that ended with files; one too short to keep is removed (recording-finalize.ts), a failed one is not. */
  const recordingKept = (id: number) => {
    const rec = d.repos.recordings.find(id);
    return rec !== undefined && rec.state !== 'failed';
  };

  return {
    job,
    recordingState,

    /** What the scheduler did with an occurrence: an Opencast event's recording started, or could not. */
    onRun(run: ScheduleRunEvent): void {
      const origin = d.schedules.originOf(run.scheduleId);
      if (origin?.origin !== 'opencast') return;
      const event = d.repos.opencast.find(origin.uid);
      if (!event) return;
      if (run.state === 'recording' && run.recordingId !== null) {
        d.repos.opencast.setRecording(event.uid, run.recordingId, d.clock.now());
        if (event.state !== 'capturing') recordingState(event.uid, 'capturing');
      } else if (run.state === 'failed' || run.state === 'skipped') {
        recordingState(event.uid, 'capture_error');
      } else if (event.state === 'capturing' && run.recordingId !== null && !recordingKept(run.recordingId)) {
        recordingState(event.uid, 'capture_error');
      }
      d.replan();
    },

    /** A recording finished with files: the event it was made for is captured. */
    onRecordingFinished(rec: RecordingRow): void {
      const event = d.repos.opencast.ofRecording(rec.id);
      if (event?.state === 'capturing') recordingState(event.uid, 'capture_finished');
      d.replan();
    },

    /** For the hidden panel. */
    status: () => ({ ...status, agentState: sentState, agentName: d.config().agentName }),

    /** The client of the settings now (the ingest uses the same one, so digest nonces are shared). */
    client: () => clientFor(d.config()),

    /** Until the exchange running now (if any) ends; for tests and shutdown. */
    idle: async () => {
      while (busy) await busy;
    },

    /**
     * At shutdown (SIGTERM, app.ts): no more exchanges, and Opencast is told the agent is offline, as pyCA does when
     * it stops. Bounded by `timeoutMs` whatever Opencast does (slow, hanging, refusing): a failure is logged and the
     * service goes down all the same. An exchange still running is left to the process's end.
     */
    async goOffline(timeoutMs = OFFLINE_AT_SHUTDOWN_MS): Promise<void> {
      closing = true;
      const current = client;
      if (!current || !(sentState || stateInFlight) || !d.config().enable) return;
      try {
        await current.client.setAgentState('offline', d.address, AbortSignal.timeout(timeoutMs));
        sentState = 'offline';
        d.log('opencast: agent state offline (the service shuts down)');
      } catch (err) {
        d.log(`opencast: the agent could not be reported offline at shutdown: ${err instanceof Error ? err.message : String(err)}`);
      }
    },

    /** Reads the calendar at the next evaluation (tests; a settings change). */
    pollSoon(): void {
      nextPoll = 0;
      retryAt = 0;
      d.replan();
    },
  };
}
export type OpencastAgent = ReturnType<typeof opencastAgent>;
