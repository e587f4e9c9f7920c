/**
 * A loopback double of the Opencast endpoints a capture agent speaks (pyCA's protocol): the service registry and
 * capture-admin (`opencast-capture-admin.ts`), the scheduler's calendar with ETag / If-None-Match
 * (`opencast-calendar.ts`) and ingest (`opencast-ingest.ts`). Authentication as Opencast's (`opencast-auth.ts`).
 * It records everything it receives, for tests to assert on, and can be made unreachable, to hang or to fail a step.
 */
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { listenOnLoopback, stopServer } from './loopback-http.js';
import { type AuthVerdict, OpencastAuth, type OpencastAuthMode } from './opencast-auth.js';
import { FakeCaptureAdmin } from './opencast-capture-admin.js';
import { FakeCalendar, type FakeOpencastEvent } from './opencast-calendar.js';
import { Answer, readForm } from './opencast-http.js';
import { type FakeIngest, FakeIngestService } from './opencast-ingest.js';

export type { FakeOpencastEvent } from './opencast-calendar.js';
export type { OpencastAuthMode } from './opencast-auth.js';
export type { FakeIngest } from './opencast-ingest.js';

export interface FakeOpencastOptions {
  /** Where ingested tracks are written. */
  dir: string;
  username?: string;
  password?: string;
  /** `digest` (Opencast's own, the default; Basic is accepted too) or `basic` (a proxy with basic auth in front). */
  auth?: OpencastAuthMode;
  nonceTtlMs?: number;
}

export interface FakeOpencast {
  url: string;
  username: string;
  password: string;
  /** Adds or replaces an event of an agent's calendar (its ETag changes). */
  putEvent(event: FakeOpencastEvent): void;
  removeEvent(uid: string): void;
  /** Agent state posts in order, recording state posts in order, configurations by agent. */
  agentStates: { name: string; state: string; address: string }[];
  recordingStates: { uid: string; state: string }[];
  configurations: Map<string, Record<string, string>>;
  calendarRequests: { agentid: string; cutoff: string; ifNoneMatch: string; status: number }[];
  serviceLookups: string[];
  /** Media packages handed to `ingest`. */
  ingests: FakeIngest[];
  /** Every request: method, path, the answer's status and how it was authenticated. */
  requests: { method: string; path: string; status: number; auth: string }[];
  stats: { challenges: number; rejected: number; tracksStarted: number };
  /** While on, every connection is closed at once (as a server that is down). */
  setUnreachable(on: boolean): void;
  /** While on, requests are read and never answered (as a server that hangs). */
  setStalled(on: boolean): void;
  /** The next `count` calls whose path ends with `suffix` answer `status`. */
  failNext(suffix: string, status: number, count?: number): void;
  /** The next addTrack's connection is cut after this many bytes of the file. */
  interruptNextTrack(afterBytes: number): void;
  expireNonces(): void;
  stop(): Promise<void>;
}

export async function startFakeOpencast(o: FakeOpencastOptions): Promise<FakeOpencast> {
  await mkdir(o.dir, { recursive: true });
  const username = o.username ?? 'opencast_system_account';
  const password = o.password ?? 'CHANGE_ME';
  const auth = new OpencastAuth({ mode: o.auth ?? 'digest', username, password, realm: 'Opencast', nonceTtlMs: o.nonceTtlMs ?? 300_000 });
  const stats = { challenges: 0, rejected: 0, tracksStarted: 0 };
  let url = '';
  const admin = new FakeCaptureAdmin(() => url);
  const calendar = new FakeCalendar();
  const ingest = new FakeIngestService({ dir: o.dir, url: () => url, stats });
  const failures: { suffix: string; status: number; count: number }[] = [];
  const sockets = new Set<Socket>();
  let unreachable = false;
  let stalled = false;

  const fake: FakeOpencast = {
    url: '',
    username,
    password,
    putEvent: (event) => calendar.putEvent(event),
    removeEvent: (uid) => calendar.removeEvent(uid),
    agentStates: admin.agentStates,
    recordingStates: admin.recordingStates,
    configurations: admin.configurations,
    calendarRequests: calendar.requests,
    serviceLookups: admin.serviceLookups,
    ingests: ingest.ingests,
    requests: [],
    stats,
    setStalled(on) {
      stalled = on;
    },
    setUnreachable(on) {
      unreachable = on;
      if (on) for (const s of sockets) s.destroy();
    },
    failNext(suffix, status, count = 1) {
      failures.push({ suffix, status, count });
    },
    interruptNextTrack: (afterBytes) => ingest.interruptNextTrack(afterBytes),
    expireNonces: () => auth.expireNonces(),
    stop: () => stopServer(server),
  };

  const takeFailure = (path: string): number | undefined => {
    const f = failures.find((x) => path.endsWith(x.suffix) && x.count > 0);
    if (!f) return undefined;
    f.count--;
    return f.status;
  };

  async function route(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<string> {
    const m = req.method;
    if (m === 'GET' && path === '/services/available.json') return admin.services(query.get('serviceType') ?? '', res);
    if (m === 'GET' && path === '/recordings/calendars') return calendar.answer(req, res, query);
    let match = /^\/capture-admin\/agents\/([^/]+)$/.exec(path);
    if (m === 'POST' && match) return admin.agentState(decodeURIComponent(match[1]), await readForm(req));
    match = /^\/capture-admin\/agents\/([^/]+)\/configuration$/.exec(path);
    if (m === 'POST' && match) return admin.configuration(decodeURIComponent(match[1]), await readForm(req), res);
    match = /^\/capture-admin\/recordings\/([^/]+)$/.exec(path);
    if (m === 'POST' && match) return admin.recordingState(decodeURIComponent(match[1]), await readForm(req));
    if (m === 'GET' && path === '/ingest/createMediaPackage') return ingest.createMediaPackage(res);
    if (m === 'POST' && path === '/ingest/addDCCatalog') return ingest.addCatalog(await readForm(req), res);
    if (m === 'POST' && path === '/ingest/addTrack') return ingest.addTrack(req, res);
    if (m === 'POST' && path === '/ingest/addCatalog') return ingest.addCatalogFile(req, res);
    if (m === 'POST' && path === '/ingest/ingest') return ingest.ingest(await readForm(req), res);
    throw new Answer(404, 'Not Found');
  }

  async function handle(req: IncomingMessage, res: ServerResponse, checked?: AuthVerdict): Promise<void> {
    const parsed = new URL(req.url ?? '/', 'http://loopback');
    const record = { method: req.method ?? '', path: parsed.pathname, status: 200, auth: 'none' };
    fake.requests.push(record);
    if (stalled) {
      record.status = 0;
      req.resume();
      return;
    }
    const send = (status: number, body: string) => {
      record.status = status;
      if (!res.headersSent) res.statusCode = status;
      res.end(body);
    };
    if (parsed.pathname === '/admin-ng/login.html') return send(200, '<html><body>Opencast login</body></html>');
    const verdict = checked ?? auth.check(req);
    stats.challenges = auth.challenges;
    stats.rejected = auth.rejected;
    if (!verdict.ok) {
      // A refused body is not read: the connection cannot be reused.
      res.setHeader('connection', 'close');
      req.resume();
      if (verdict.status === 302) res.setHeader('location', verdict.location);
      else res.setHeader('www-authenticate', verdict.challenge);
      return send(verdict.status, '');
    }
    record.auth = verdict.scheme;
    const failStatus = takeFailure(parsed.pathname);
    if (failStatus !== undefined) {
      req.resume();
      return send(failStatus, 'Injected failure');
    }
    try {
      send(200, await route(req, res, parsed.pathname, parsed.searchParams));
    } catch (err) {
      if (err instanceof Answer) return send(err.status, err.body);
      if (!res.destroyed) send(500, 'Internal error');
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  // Expect: 100-continue: credentials are checked before the body is asked for, as a servlet container does.
  server.on('checkContinue', (req, res) => {
    const verdict = auth.check(req);
    if (verdict.ok) res.writeContinue();
    void handle(req, res, verdict);
  });
  server.on('connection', (socket) => {
    if (unreachable) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (_e, socket) => socket.destroy());
  url = await listenOnLoopback(server);
  fake.url = url;
  return fake;
}
