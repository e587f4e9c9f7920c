/**
 * A loopback double of the Opencast endpoints a capture agent speaks (pyCA's protocol): the service registry
 * (`/services/available.json`), capture-admin (agent state and configuration, recording states), the scheduler's
 * calendar (`/recordings/calendars` with ETag / If-None-Match) and ingest (`createMediaPackage`, `addDCCatalog`,
 * `addTrack` as multipart streamed to disk, `ingest`). Authentication as Opencast's (`opencast-auth.ts`). It
 * records everything it receives, for tests to assert on, and can be made unreachable or to fail a step.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { type AuthVerdict, OpencastAuth, type OpencastAuthMode } from './opencast-auth.js';
import { type FakeOpencastEvent, renderCalendar } from './opencast-calendar.js';
import { readPackageXml, renderPackage, type StoredPackage, workflowXml } from './opencast-mediapackage.js';

export type { FakeOpencastEvent } from './opencast-calendar.js';
export type { OpencastAuthMode } from './opencast-auth.js';

export interface FakeOpencastOptions {
  /** Where ingested tracks are written. */
  dir: string;
  username?: string;
  password?: string;
  /** `digest` (Opencast's own, the default; Basic is accepted too) or `basic` (a proxy with basic auth in front). */
  auth?: OpencastAuthMode;
  nonceTtlMs?: number;
}

export interface FakeIngest {
  mediaPackageId: string;
  workflowDefinitionId: string;
  /** Every form field of the ingest call but the media package. */
  params: Record<string, string>;
  catalogs: { flavor: string; xml: string }[];
  tracks: { flavor: string; filename: string; path: string; size: number }[];
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
  /** The next `count` calls whose path ends with `suffix` answer `status`. */
  failNext(suffix: string, status: number, count?: number): void;
  /** The next addTrack's connection is cut after this many bytes of the file. */
  interruptNextTrack(afterBytes: number): void;
  expireNonces(): void;
  stop(): Promise<void>;
}

const AGENT_STATES = new Set(['idle', 'capturing', 'uploading', 'offline', 'unknown', 'shutting_down', 'error']);
const RECORDING_STATES = new Set([
  'unknown',
  'capturing',
  'capture_finished',
  'capture_error',
  'manifest',
  'manifest_error',
  'manifest_finished',
  'compressing',
  'compressing_error',
  'uploading',
  'upload_finished',
  'upload_error',
]);
const SERVICE_PATHS: Record<string, string> = {
  'org.opencastproject.capture.admin': '/capture-admin',
  'org.opencastproject.scheduler': '/recordings',
  'org.opencastproject.ingest': '/ingest',
};
const FORM_LIMIT = 4 * 1024 * 1024;

class Answer extends Error {
  constructor(
    readonly status: number,
    readonly body = '',
  ) {
    super(`${status}`);
  }
}

export async function startFakeOpencast(o: FakeOpencastOptions): Promise<FakeOpencast> {
  await mkdir(o.dir, { recursive: true });
  const username = o.username ?? 'opencast_system_account';
  const password = o.password ?? 'CHANGE_ME';
  const auth = new OpencastAuth({ mode: o.auth ?? 'digest', username, password, realm: 'Opencast', nonceTtlMs: o.nonceTtlMs ?? 300_000 });
  const events = new Map<string, FakeOpencastEvent>();
  const packages = new Map<string, StoredPackage>();
  const failures: { suffix: string; status: number; count: number }[] = [];
  const sockets = new Set<Socket>();
  let unreachable = false;
  let interruptAfter: number | undefined;
  let workflowIds = 0;
  /** Per agent: bumped on every change of its events (the calendar's ETag). */
  const revisions = new Map<string, number>();
  let url = '';

  const fake: FakeOpencast = {
    url: '',
    username,
    password,
    putEvent(event) {
      const old = events.get(event.uid);
      events.set(event.uid, { ...event, modified: Date.now() });
      for (const agent of new Set([event.agent, old?.agent])) if (agent) revisions.set(agent, (revisions.get(agent) ?? 0) + 1);
    },
    removeEvent(uid) {
      const old = events.get(uid);
      if (!old) return;
      events.delete(uid);
      revisions.set(old.agent, (revisions.get(old.agent) ?? 0) + 1);
    },
    agentStates: [],
    recordingStates: [],
    configurations: new Map(),
    calendarRequests: [],
    serviceLookups: [],
    ingests: [],
    requests: [],
    stats: { challenges: 0, rejected: 0, tracksStarted: 0 },
    setUnreachable(on) {
      unreachable = on;
      if (on) for (const s of sockets) s.destroy();
    },
    failNext(suffix, status, count = 1) {
      failures.push({ suffix, status, count });
    },
    interruptNextTrack(afterBytes) {
      interruptAfter = afterBytes;
    },
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
    if (m === 'GET' && path === '/services/available.json') return services(query.get('serviceType') ?? '', res);
    if (m === 'GET' && path === '/recordings/calendars') return calendar(req, res, query);
    let match = /^\/capture-admin\/agents\/([^/]+)$/.exec(path);
    if (m === 'POST' && match) return agentState(decodeURIComponent(match[1]), await readForm(req));
    match = /^\/capture-admin\/agents\/([^/]+)\/configuration$/.exec(path);
    if (m === 'POST' && match) return configuration(decodeURIComponent(match[1]), await readForm(req), res);
    match = /^\/capture-admin\/recordings\/([^/]+)$/.exec(path);
    if (m === 'POST' && match) return recordingState(decodeURIComponent(match[1]), await readForm(req));
    if (m === 'GET' && path === '/ingest/createMediaPackage') return createMediaPackage(res);
    if (m === 'POST' && path === '/ingest/addDCCatalog') return addCatalog(await readForm(req), res);
    if (m === 'POST' && path === '/ingest/addTrack') return addTrack(req, res);
    if (m === 'POST' && path === '/ingest/ingest') return ingest(await readForm(req), res);
    throw new Answer(404, 'Not Found');
  }

  function services(type: string, res: ServerResponse): string {
    fake.serviceLookups.push(type);
    const path = SERVICE_PATHS[type];
    const entry = (host: string, online: boolean) => ({
      type,
      host,
      path,
      active: true,
      online,
      maintenance: false,
      jobproducer: type === 'org.opencastproject.ingest',
      onlinefrom: '2025-01-06T08:00:00.000Z',
      service_state: 'NORMAL',
    });
    // Ingest has a second node that is offline (the agent must not use it); one service is an object, as Opencast answers.
    const list = !path
      ? []
      : type === 'org.opencastproject.ingest'
        ? [entry('http://127.0.0.1:9', false), entry(url, true)]
        : entry(url, true);
    res.setHeader('content-type', 'application/json');
    return JSON.stringify({ services: Array.isArray(list) && list.length === 0 ? '' : { service: list } });
  }

  function calendar(req: IncomingMessage, res: ServerResponse, q: URLSearchParams): string {
    const agentid = q.get('agentid') ?? '';
    const cutoff = q.get('cutoff') ?? '';
    const etag = `"mod-${agentid}-${revisions.get(agentid) ?? 0}"`;
    const ifNoneMatch = String(req.headers['if-none-match'] ?? '');
    const record = { agentid, cutoff, ifNoneMatch, status: 200 };
    fake.calendarRequests.push(record);
    if (!agentid) throw new Answer(400, 'agentid required');
    if (ifNoneMatch === etag) {
      record.status = 304;
      throw new Answer(304);
    }
    res.setHeader('content-type', 'text/calendar; charset=UTF-8');
    res.setHeader('etag', etag);
    const mine = [...events.values()].filter((e) => e.agent === agentid).sort((a, b) => a.start - b.start);
    return renderCalendar(mine, Date.now(), cutoff ? Number(cutoff) : undefined);
  }

  function agentState(name: string, form: Record<string, string>): string {
    const state = form.state ?? '';
    if (!name || !AGENT_STATES.has(state)) throw new Answer(400, 'Invalid state');
    fake.agentStates.push({ name, state, address: form.address ?? '' });
    return `${name} set to ${state}`;
  }

  function configuration(name: string, form: Record<string, string>, res: ServerResponse): string {
    const text = form.configuration ?? '';
    if (!text.startsWith('{')) throw new Answer(400);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Answer(400);
    }
    if (!parsed || typeof parsed !== 'object' || Object.values(parsed).some((v) => typeof v !== 'string')) throw new Answer(400);
    fake.configurations.set(name, parsed as Record<string, string>);
    res.setHeader('content-type', 'application/json');
    return text;
  }

  function recordingState(uid: string, form: Record<string, string>): string {
    const state = form.state ?? '';
    if (!RECORDING_STATES.has(state)) throw new Answer(400);
    fake.recordingStates.push({ uid, state });
    return `${uid} set to ${state}`;
  }

  function createMediaPackage(res: ServerResponse): string {
    const mp: StoredPackage = { id: randomUUID(), start: new Date().toISOString().replace(/\.\d{3}/, ''), elements: new Map() };
    packages.set(mp.id, mp);
    res.setHeader('content-type', 'text/xml');
    return renderPackage(mp, []);
  }

  /** The stored package an XML names, and the element ids it names (all known, or 400). */
  function packageOf(xml: string | undefined): { mp: StoredPackage; ids: string[] } {
    const read = readPackageXml(xml);
    const mp = read && packages.get(read.id);
    if (!read || !mp || read.elements.some((id) => !mp.elements.has(id))) throw new Answer(400, 'Invalid media package');
    return { mp, ids: read.elements };
  }

  function addCatalog(form: Record<string, string>, res: ServerResponse): string {
    const { mp, ids } = packageOf(form.mediaPackage);
    const dc = form.dublinCore ?? '';
    if (!dc.includes('dublincore') || !form.flavor) throw new Answer(400, 'Invalid catalog');
    const id = randomUUID();
    mp.elements.set(id, {
      id,
      kind: 'catalog',
      flavor: form.flavor,
      mimetype: 'text/xml',
      url: `${url}/files/${mp.id}/${id}/dublincore.xml`,
      text: dc,
    });
    res.setHeader('content-type', 'text/xml');
    return renderPackage(mp, [...ids, id]);
  }

  /** Multipart in Opencast's order: `mediaPackage` and `flavor` before the `BODY` file, which is streamed to disk. */
  async function addTrack(req: IncomingMessage, res: ServerResponse): Promise<string> {
    const fields: Record<string, string> = {};
    let stored: { path: string; filename: string; size: number; id: string; mp: StoredPackage; ids: string[] } | undefined;
    let failure: Answer | undefined;
    let written: Promise<void> = Promise.resolve();
    const cut = interruptAfter;
    interruptAfter = undefined;
    await new Promise<void>((resolve, reject) => {
      const parser = busboy({ headers: req.headers, limits: { fieldSize: FORM_LIMIT } });
      parser.on('field', (name, value) => {
        fields[name] = value;
      });
      parser.on('file', (name, file, info) => {
        if (stored || name !== 'BODY') {
          file.resume();
          return;
        }
        let target: { mp: StoredPackage; ids: string[] };
        try {
          if (!fields.flavor) throw new Answer(400, 'flavor must come before the file');
          target = packageOf(fields.mediaPackage);
        } catch (err) {
          failure = err as Answer;
          file.resume();
          return;
        }
        fake.stats.tracksStarted++;
        const id = randomUUID();
        const filename = basename(info.filename || 'track');
        const dir = join(o.dir, target.mp.id, id);
        const path = join(dir, filename);
        const entry = { path, filename, size: 0, id, ...target };
        stored = entry;
        file.on('data', (chunk: Buffer) => {
          entry.size += chunk.length;
          if (cut !== undefined && entry.size >= cut) req.socket.destroy();
        });
        file.pause();
        written = mkdir(dir, { recursive: true }).then(() => pipeline(file, createWriteStream(path)));
        written.catch(reject);
      });
      parser.on('close', resolve);
      parser.on('error', reject);
      req.on('aborted', () => reject(new Error('aborted')));
      req.pipe(parser);
    });
    await written;
    if (failure) throw failure;
    if (!stored) throw new Answer(400, 'No track');
    const { mp, ids, id, path, filename, size } = stored;
    mp.elements.set(id, {
      id,
      kind: 'track',
      flavor: fields.flavor,
      mimetype: filename.endsWith('.ts') ? 'video/mp2t' : 'video/mp4',
      url: `${url}/files/${mp.id}/${id}/${encodeURIComponent(filename)}`,
      path,
      filename,
      size,
    });
    res.setHeader('content-type', 'text/xml');
    return renderPackage(mp, [...ids, id]);
  }

  function ingest(form: Record<string, string>, res: ServerResponse): string {
    const { mp, ids } = packageOf(form.mediaPackage);
    const { mediaPackage: _, ...params } = form;
    const named = ids.map((id) => mp.elements.get(id)!);
    fake.ingests.push({
      mediaPackageId: mp.id,
      workflowDefinitionId: form.workflowDefinitionId ?? '',
      params,
      catalogs: named.filter((e) => e.kind === 'catalog').map((e) => ({ flavor: e.flavor, xml: e.text ?? '' })),
      tracks: named
        .filter((e) => e.kind === 'track')
        .map((e) => ({ flavor: e.flavor, filename: e.filename ?? '', path: e.path ?? '', size: e.size ?? 0 })),
    });
    res.setHeader('content-type', 'text/xml');
    return workflowXml(++workflowIds, mp, form.workflowDefinitionId ?? '', ids);
  }

  async function handle(req: IncomingMessage, res: ServerResponse, checked?: AuthVerdict): Promise<void> {
    const parsed = new URL(req.url ?? '/', 'http://loopback');
    const record = { method: req.method ?? '', path: parsed.pathname, status: 200, auth: 'none' };
    fake.requests.push(record);
    const send = (status: number, body: string) => {
      record.status = status;
      if (!res.headersSent) res.statusCode = status;
      res.end(body);
    };
    if (parsed.pathname === '/admin-ng/login.html') return send(200, '<html><body>Opencast login</body></html>');
    const verdict = checked ?? auth.check(req);
    fake.stats.challenges = auth.challenges;
    fake.stats.rejected = auth.rejected;
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.url = url;
  return fake;
}

/** A url-encoded or multipart form of small fields. */
async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const type = String(req.headers['content-type'] ?? '');
  if (type.startsWith('multipart/form-data')) {
    const fields: Record<string, string> = {};
    await new Promise<void>((resolve, reject) => {
      const parser = busboy({ headers: req.headers, limits: { fieldSize: FORM_LIMIT } });
      parser.on('field', (name, value) => {
        fields[name] = value;
      });
      parser.on('file', (_n, file) => file.resume());
      parser.on('close', resolve);
      parser.on('error', reject);
      req.pipe(parser);
    });
    return fields;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > FORM_LIMIT) throw new Answer(413);
    chunks.push(chunk);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

function stopServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
