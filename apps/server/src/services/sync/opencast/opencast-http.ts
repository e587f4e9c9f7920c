import { createReadStream } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { randomBytes } from 'node:crypto';
import { TransferError } from '../transfer-target.js';
import { DigestSession, offersBasic, parseDigestChallenge } from './digest-auth.js';

/**
 * HTTP for the Opencast client, on node:http so that a track is streamed from disk with an exact length and
 * `Expect: 100-continue` (credentials are settled before a byte of the file leaves). Every request says
 * `X-Requested-Auth: Digest`, as Opencast wants from agents; a Digest challenge is answered and its nonce reused
 * with a rising count, a Basic challenge (a proxy in front of Opencast) is answered with Basic. Answers that may
 * pass (network errors, 5xx, 429) are retryable `OpencastError`s; refused credentials and other 4xx are not.
 */
export class OpencastError extends TransferError {
  constructor(message: string, retryable: boolean, status?: number) {
    super(message, retryable, status);
    this.name = 'OpencastError';
  }
}

export interface OcFile {
  field: string;
  path: string;
  size: number;
  filename: string;
  contentType: string;
}

export interface OcRequest {
  method: 'GET' | 'POST';
  url: string;
  /** Form fields, sent url-encoded; with `file`, as multipart/form-data in this order and the file last. */
  fields?: [string, string][];
  file?: OcFile;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Bytes of `file` sent so far. */
  onProgress?: (sent: number) => void;
}

export interface OcResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Inactivity limits: a request waits this long for bytes; a track upload longer (Opencast stores it before answering). */
const IDLE_MS = 30_000;
const UPLOAD_IDLE_MS = 300_000;
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;
const CONTINUE_WAIT_MS = 1_000;

export class OpencastHttp {
  private digest: DigestSession | undefined;
  private basic = false;
  private readonly agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };

  constructor(
    private readonly username: string,
    private readonly password: string,
  ) {}

  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  /** Sends the request, answering one authentication challenge; any status but 401 is returned to the caller. */
  async request(r: OcRequest): Promise<OcResponse> {
    let answer = await this.once(r);
    if (answer.status === 401 && this.learn(answer.headers['www-authenticate'])) answer = await this.once(r);
    if (answer.status === 401) throw new OpencastError('Opencast refused the user name or password', false, 401);
    // Without the digest header Opencast sends people to its login page; an agent must never end up there.
    if (answer.status === 302 && /login/i.test(String(answer.headers.location ?? ''))) {
      throw new OpencastError('Opencast answered with its login page (authentication was not accepted)', false, 302);
    }
    return answer;
  }

  /**
   * Takes the challenge of a 401; false when it offers nothing to answer. A request answers one challenge, so a
   * second 401 means the credentials are refused (a first one may just be a stale nonce or a restarted server).
   */
  private learn(header: string | undefined): boolean {
    const challenge = parseDigestChallenge(header);
    if (challenge) {
      this.digest = new DigestSession(challenge);
      this.basic = false;
      return true;
    }
    if (offersBasic(header)) {
      this.basic = true;
      this.digest = undefined;
      return true;
    }
    return false;
  }

  private authorization(method: string, uri: string): string | undefined {
    if (this.digest) return this.digest.header(method, uri, this.username, this.password);
    if (this.basic) return `Basic ${Buffer.from(`${this.username}:${this.password}`, 'utf8').toString('base64')}`;
    return undefined;
  }

  private once(r: OcRequest): Promise<OcResponse> {
    const url = new URL(r.url);
    const uri = `${url.pathname}${url.search}`;
    const headers: Record<string, string | number> = { 'x-requested-auth': 'Digest', accept: '*/*', ...r.headers };
    const auth = this.authorization(r.method, uri);
    if (auth) headers.authorization = auth;
    const body = r.file ? multipart(r.fields ?? [], r.file) : r.fields ? urlEncoded(r.fields) : undefined;
    if (body) Object.assign(headers, body.headers);
    const https = url.protocol === 'https:';
    return new Promise<OcResponse>((resolve, reject) => {
      const fail = (err: Error) =>
        reject(err instanceof OpencastError || r.signal?.aborted ? err : new OpencastError(`Opencast unreachable: ${err.message}`, true));
      const req = (https ? httpsRequest : httpRequest)(url, {
        method: r.method,
        headers,
        agent: https ? this.agents.https : this.agents.http,
        signal: r.signal,
      });
      req.setTimeout(r.file ? UPLOAD_IDLE_MS : IDLE_MS, () => req.destroy(new Error('no answer in time')));
      req.on('error', fail);
      req.on('response', (res) => void collect(res).then(resolve, fail));
      if (!body) req.end();
      else if (!body.file) req.end(body.head);
      else {
        // The file follows "100 Continue", or after a second without any answer (a server that ignores Expect).
        let started = false;
        const fallback = setTimeout(() => sendFile(), CONTINUE_WAIT_MS);
        req.on('response', () => clearTimeout(fallback));
        req.on('close', () => clearTimeout(fallback));
        req.on('continue', () => sendFile());
        const sendFile = () => {
          clearTimeout(fallback);
          if (started) return;
          started = true;
          req.write(body.head);
          const stream = createReadStream(body.file!.path, { start: 0, end: Math.max(0, body.file!.size - 1) });
          let sent = 0;
          stream.on('data', (chunk) => {
            sent += chunk.length;
            r.onProgress?.(sent);
          });
          stream.on('error', (err) => req.destroy(err));
          stream.on('end', () => req.end(body.tail));
          stream.pipe(req, { end: false });
        };
      }
    });
  }
}

async function collect(res: IncomingMessage): Promise<OcResponse> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) throw new OpencastError('Opencast answered more than expected', true, res.statusCode);
    chunks.push(chunk);
  }
  return { status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') };
}

interface Body {
  headers: Record<string, string | number>;
  head: Buffer;
  tail?: Buffer;
  file?: OcFile;
}

function urlEncoded(fields: [string, string][]): Body {
  const head = Buffer.from(new URLSearchParams(fields).toString(), 'utf8');
  return { headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8', 'content-length': head.length }, head };
}

/** Fields first, the file last (Opencast reads `mediaPackage` and `flavor` before it meets the file). */
function multipart(fields: [string, string][], file: OcFile): Body {
  const boundary = `----roomcast${randomBytes(12).toString('hex')}`;
  const part = (name: string, extra = '') => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const head = Buffer.from(
    `${fields.map(([k, v]) => `${part(k)}\r\n${v}\r\n`).join('')}${part(file.field, `; filename="${file.filename}"`)}Content-Type: ${file.contentType}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return {
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + file.size + tail.length,
      expect: '100-continue',
    },
    head,
    tail,
    file,
  };
}
