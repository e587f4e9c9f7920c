import {
  apiPath,
  encodeFilePath,
  FILE_PATH_HEADER,
  LIMITS,
  MESSAGES,
  SCREEN_LOCKED_STATUS,
  SESSION_HEADER,
  type CallData,
  type CallName,
  type CallRequest,
  type Envelope,
} from '@roomcast/contract';
import { setScreenLocked } from './screen-lock-state';
import { clearSession, readSession, refreshSession } from './session-store';

/**
 * The console's one API client: every call goes through `call`. It sends the session header, enforces the
 * 30 s timeout, and turns transport failures into `ApiError`s. A 401 sends the browser to /login (except
 * for the login page's own calls). A 423 (the screen lock holds the session) shows the lock overlay. Business
 * failures (`result: false`) are thrown as ApiError with the server's message, so screens show it and never
 * mistake a failure for success.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly kind: 'business' | 'http' | 'timeout' | 'network',
  ) {
    super(message);
  }
}

type Unauthorized = () => void;
let onUnauthorized: Unauthorized = () => {
  if (!location.pathname.startsWith('/login')) location.assign('/login');
};
/** The app shell installs a router-aware handler. */
export function setUnauthorizedHandler(handler: Unauthorized): void {
  onUnauthorized = handler;
}

interface RawOptions {
  filePath?: string;
  contentType?: string;
}

async function send(name: CallName, body: BodyInit, contentType: string, filePath?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': contentType };
  const session = readSession();
  if (session) headers[SESSION_HEADER] = session.id;
  if (filePath !== undefined) headers[FILE_PATH_HEADER] = encodeFilePath(filePath);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LIMITS.requestTimeoutMs);
  try {
    const res = await fetch(apiPath(name), { method: 'POST', headers, body, signal: controller.signal });
    if (res.status === 401) {
      clearSession();
      onUnauthorized();
      throw new ApiError(MESSAGES.sessionExpired, 401, 'http');
    }
    if (session) refreshSession();
    if (res.status === SCREEN_LOCKED_STATUS) {
      setScreenLocked(true);
      throw new ApiError(MESSAGES.screenLocked, SCREEN_LOCKED_STATUS, 'http');
    }
    return res;
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (controller.signal.aborted) throw new ApiError(MESSAGES.rpcTimeout, 0, 'timeout');
    throw new ApiError(MESSAGES.errorLogin, 0, 'network');
  } finally {
    clearTimeout(timer);
  }
}

async function envelope<T>(res: Response): Promise<T> {
  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    throw new ApiError(MESSAGES.errorLogin, res.status, 'http');
  }
  if (!res.ok || !env.result) {
    throw new ApiError(env.message || MESSAGES.errorLogin, res.status, res.ok ? 'business' : 'http');
  }
  return env.data as T;
}

/** A JSON call: resolves to the envelope's data, rejects with ApiError. */
export async function call<N extends CallName>(name: N, body: CallRequest<N>): Promise<CallData<N>> {
  return envelope<CallData<N>>(await send(name, JSON.stringify(body ?? {}), 'application/json'));
}

/** A call whose body is raw bytes (importuser, uploadfile, uploadgeneralfile). */
export async function callRaw<N extends CallName>(name: N, bytes: Blob | ArrayBuffer, opts: RawOptions = {}): Promise<CallData<N>> {
  return envelope<CallData<N>>(await send(name, bytes, opts.contentType ?? 'application/octet-stream', opts.filePath));
}

/** What a file answer may be: anything but the JSON of a failure or the console's HTML (a route the service lacks). */
const FILE_TYPES = ['application/octet-stream', 'application/zip', 'application/x-pem-file'];

/**
 * A call answering a file (getSysLog, downloadgeneralfile, downloadcertificate): the blob and its file name. `filePath`
 * is the file-path header (undefined: none); `body` is the call's JSON body when it takes one (getSysLog: the zip
 * password); otherwise nothing is sent.
 */
export async function callDownload<N extends CallName>(
  name: N,
  filePath: string | undefined,
  body?: CallRequest<N>,
): Promise<{ blob: Blob; filename: string }> {
  const res =
    body === undefined
      ? await send(name, '', 'application/octet-stream', filePath)
      : await send(name, JSON.stringify(body), 'application/json', filePath);
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('application/json')) await envelope(res);
  if (!res.ok) throw new ApiError(MESSAGES.downloadError, res.status, 'http');
  if (!FILE_TYPES.some((t) => type.includes(t))) throw new ApiError(MESSAGES.contentTypeError, res.status, 'http');
  const disposition = res.headers.get('content-disposition') ?? '';
  const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'download';
  return { blob: await res.blob(), filename };
}

/**
 * A raw-bytes call whose upload progress is shown (uploadgeneralfile): XMLHttpRequest, since fetch reports no
 * upload progress. Same headers, timeout, 401 handling and envelope as `callRaw`; `onProgress` gets 0..1.
 */
export function callUpload<N extends CallName>(
  name: N,
  file: Blob,
  opts: RawOptions & { onProgress?: (fraction: number) => void; timeoutMs?: number },
): Promise<CallData<N>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiPath(name));
    // A large upload checked by the service before it answers (an update bundle) may take longer than a call.
    xhr.timeout = opts.timeoutMs ?? LIMITS.requestTimeoutMs;
    xhr.setRequestHeader('content-type', opts.contentType ?? 'application/octet-stream');
    const session = readSession();
    if (session) xhr.setRequestHeader(SESSION_HEADER, session.id);
    if (opts.filePath !== undefined) xhr.setRequestHeader(FILE_PATH_HEADER, encodeFilePath(opts.filePath));
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.ontimeout = () => reject(new ApiError(MESSAGES.rpcTimeout, 0, 'timeout'));
    xhr.onerror = () => reject(new ApiError(MESSAGES.errorLogin, 0, 'network'));
    xhr.onload = () => {
      if (xhr.status === 401) {
        clearSession();
        onUnauthorized();
        reject(new ApiError(MESSAGES.sessionExpired, 401, 'http'));
        return;
      }
      if (session) refreshSession();
      if (xhr.status === SCREEN_LOCKED_STATUS) {
        setScreenLocked(true);
        reject(new ApiError(MESSAGES.screenLocked, SCREEN_LOCKED_STATUS, 'http'));
        return;
      }
      const res = new Response(xhr.responseText, { status: xhr.status, headers: { 'content-type': 'application/json' } });
      envelope<CallData<N>>(res).then(resolve, reject);
    };
    xhr.send(file);
  });
}

/** Save a blob as a file in the browser. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
