import { OpencastError, OpencastHttp, type OcFile, type OcResponse } from './opencast-http.js';

/**
 * The Opencast endpoints a capture agent uses, as pyCA speaks them: the service registry finds capture-admin,
 * the scheduler and ingest (services that are online and active; ingest picked at random among them, so agents
 * spread over ingest nodes); then agent state and configuration, the calendar with ETag / If-None-Match,
 * recording states, and the four ingest steps. Endpoints are looked up once and again after a network failure.
 */
export interface OpencastClientConfig {
  url: string;
  username: string;
  password: string;
  agentName: string;
}

export type AgentState = 'idle' | 'capturing' | 'uploading' | 'offline';
export type RecordingState = 'capturing' | 'capture_finished' | 'capture_error' | 'uploading' | 'upload_finished' | 'upload_error';

export interface Endpoints {
  captureAdmin: string;
  scheduler: string;
  ingest: string;
}

type ServiceEntry = { host?: string; path?: string; online?: boolean; active?: boolean };

/** A 2xx answer's text; anything else an OpencastError (5xx, 429, 408 retryable). */
function expectOk(answer: OcResponse, what: string): string {
  if (answer.status >= 200 && answer.status < 300) return answer.text;
  const retryable = answer.status >= 500 || answer.status === 429 || answer.status === 408;
  const detail = answer.text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  throw new OpencastError(`Opencast ${what}: HTTP ${answer.status}${detail ? ` ${detail}` : ''}`, retryable, answer.status);
}

/** A media package XML as Opencast answers it (the next ingest step sends it back as it is). */
function mediaPackage(text: string, what: string): string {
  if (!/<(?:\w+:)?mediapackage\b/.test(text)) throw new OpencastError(`Opencast ${what}: the answer is not a media package`, true);
  return text;
}

export function opencastClient(c: OpencastClientConfig) {
  const http = new OpencastHttp(c.username, c.password);
  const base = c.url.replace(/\/+$/, '');
  const agent = encodeURIComponent(c.agentName);
  let endpoints: Endpoints | undefined;

  async function lookup(type: string, signal?: AbortSignal): Promise<string[]> {
    const answer = await http.request({
      method: 'GET',
      url: `${base}/services/available.json?serviceType=org.opencastproject.${type}`,
      signal,
    });
    let parsed: { services?: { service?: ServiceEntry | ServiceEntry[] } | string };
    try {
      parsed = JSON.parse(expectOk(answer, `service lookup of ${type}`));
    } catch (err) {
      if (err instanceof OpencastError) throw err;
      throw new OpencastError(`Opencast service lookup of ${type}: the answer is not JSON`, true);
    }
    // One service comes as an object, several as an array, none as "".
    const found = typeof parsed.services === 'object' ? parsed.services.service : undefined;
    const list = Array.isArray(found) ? found : found ? [found] : [];
    return list.filter((s) => s.online && s.active && s.host).map((s) => `${String(s.host).replace(/\/+$/, '')}${s.path ?? ''}`);
  }

  async function services(signal?: AbortSignal): Promise<Endpoints> {
    if (endpoints) return endpoints;
    const [captureAdmin, scheduler, ingest] = await Promise.all(['capture.admin', 'scheduler', 'ingest'].map((t) => lookup(t, signal)));
    const missing = [captureAdmin.length ? '' : 'capture-admin', scheduler.length ? '' : 'scheduler', ingest.length ? '' : 'ingest'].filter(
      Boolean,
    );
    if (missing.length) throw new OpencastError(`Opencast has no online ${missing.join(', ')} service`, true);
    endpoints = { captureAdmin: captureAdmin[0], scheduler: scheduler[0], ingest: ingest[Math.floor(Math.random() * ingest.length)] };
    return endpoints;
  }

  /** Runs a call on the endpoints; a network failure forgets them, so the next call looks them up again. */
  async function use<T>(fn: (e: Endpoints) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const e = await services(signal);
    try {
      return await fn(e);
    } catch (err) {
      if (err instanceof OpencastError && err.retryable && err.status === undefined) endpoints = undefined;
      throw err;
    }
  }

  const post = (url: string, fields: [string, string][], what: string, signal?: AbortSignal) =>
    http.request({ method: 'POST', url, fields, signal }).then((a) => expectOk(a, what));

  /** `addTrack` or `addCatalog`: multipart in Opencast's order, the fields before the `BODY` file streamed from disk. */
  const addFile = (
    endpoint: 'addTrack' | 'addCatalog',
    mp: string,
    flavor: string,
    file: Omit<OcFile, 'field'>,
    onProgress: (sent: number) => void,
    signal: AbortSignal | undefined,
    tags: readonly string[],
  ) =>
    use(async (e) => {
      const answer = await http.request({
        method: 'POST',
        url: `${e.ingest}/${endpoint}`,
        fields: [['mediaPackage', mp], ['flavor', flavor], ...(tags.length ? [['tags', tags.join(',')] as [string, string]] : [])],
        file: { ...file, field: 'BODY' },
        onProgress,
        signal,
      });
      return mediaPackage(expectOk(answer, `${endpoint} ${file.filename}`), endpoint);
    }, signal);

  return {
    agentName: c.agentName,
    /** The service endpoints (looked up if not known yet): proves the URL and credentials. */
    services,

    /** `signal` bounds it (the offline state at shutdown). */
    setAgentState: (state: AgentState, address: string, signal?: AbortSignal) =>
      use(
        (e) =>
          post(
            `${e.captureAdmin}/agents/${agent}`,
            [
              ['address', address],
              ['state', state],
            ],
            `agent state ${state}`,
            signal,
          ),
        signal,
      ),

    /** The capabilities (which devices, their flavors): a JSON form of Java properties. */
    setConfiguration: (properties: Record<string, string>) =>
      use((e) =>
        post(`${e.captureAdmin}/agents/${agent}/configuration`, [['configuration', JSON.stringify(properties)]], 'agent configuration'),
      ),

    setRecordingState: (uid: string, state: RecordingState) =>
      use((e) => post(`${e.captureAdmin}/recordings/${encodeURIComponent(uid)}`, [['state', state]], `recording state ${state}`)),

    /** The agent's calendar up to `cutoffMs`; `notModified` when it still has the ETag given. */
    calendar: (etag: string | undefined, cutoffMs: number) =>
      use(async (e) => {
        const url = `${e.scheduler}/calendars?${new URLSearchParams({ agentid: c.agentName, cutoff: String(cutoffMs) })}`;
        const answer = await http.request({ method: 'GET', url, headers: etag ? { 'if-none-match': etag } : {} });
        if (answer.status === 304) return { notModified: true as const };
        const text = expectOk(answer, 'calendar');
        return { notModified: false as const, text, etag: String(answer.headers.etag ?? '') || undefined };
      }),

    createMediaPackage: (signal?: AbortSignal) =>
      use(
        async (e) =>
          mediaPackage(
            expectOk(await http.request({ method: 'GET', url: `${e.ingest}/createMediaPackage`, signal }), 'createMediaPackage'),
            'createMediaPackage',
          ),
        signal,
      ),

    addCatalog: (mp: string, flavor: string, dublinCore: string, signal?: AbortSignal) =>
      use(
        async (e) =>
          mediaPackage(
            await post(
              `${e.ingest}/addDCCatalog`,
              [
                ['mediaPackage', mp],
                ['flavor', flavor],
                ['dublinCore', dublinCore],
              ],
              'addDCCatalog',
              signal,
            ),
            'addDCCatalog',
          ),
        signal,
      ),

    /** Streams one file from disk; `onProgress` counts its bytes sent; `tags` (e.g. a subtitle's `lang:en`) go with it. */
    addTrack: (
      mp: string,
      flavor: string,
      file: Omit<OcFile, 'field'>,
      onProgress: (sent: number) => void,
      signal?: AbortSignal,
      tags: readonly string[] = [],
    ) => addFile('addTrack', mp, flavor, file, onProgress, signal, tags),

    /** A catalog that is a file (not Dublin Core): the chapters' MPEG-7 segments (`mpeg-7/segments`). */
    addCatalogFile: (mp: string, flavor: string, file: Omit<OcFile, 'field'>, signal?: AbortSignal) =>
      addFile('addCatalog', mp, flavor, file, () => {}, signal, []),

    /** Starts the workflow on the media package; answers the workflow instance's id. */
    ingest: (mp: string, workflow: string, config: [string, string][], signal?: AbortSignal) =>
      use(async (e) => {
        const fields: [string, string][] = [
          ['mediaPackage', mp],
          ...(workflow ? [['workflowDefinitionId', workflow] as [string, string]] : []),
          ...config,
        ];
        const text = await post(`${e.ingest}/ingest`, fields, 'ingest', signal);
        return /<(?:\w+:)?workflow\b[^>]*\bid="([^"]+)"/.exec(text)?.[1] ?? '';
      }, signal),

    close: () => http.close(),
  };
}
export type OpencastClient = ReturnType<typeof opencastClient>;
