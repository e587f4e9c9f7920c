import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text: string;
}

/** Listens on a free loopback port (for requests that must reach the server byte for byte). */
export async function listen(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

function dechunk(body: Buffer): Buffer {
  const out: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    const eol = body.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(body.subarray(at, eol).toString('latin1'), 16);
    if (!size) break;
    out.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/**
 * Sends one HTTP/1.1 request exactly as given — the path is not normalised or re-encoded, as a browser or
 * `app.inject` would — and returns the answer. `status` is 0 when the server answered nothing in time
 * (e.g. it is waiting for a body it should have refused).
 */
export function rawRequest(
  port: number,
  opts: {
    method?: string;
    path: string | Buffer;
    headers?: Record<string, string> | [string, string][];
    body?: Buffer | string;
    timeoutMs?: number;
  },
): Promise<RawAnswer> {
  const head = Buffer.concat([
    Buffer.from(`${opts.method ?? 'GET'} `, 'latin1'),
    Buffer.isBuffer(opts.path) ? opts.path : Buffer.from(opts.path, 'latin1'),
    Buffer.from(
      ` HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${(Array.isArray(opts.headers) ? opts.headers : Object.entries(opts.headers ?? {})).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`,
      'latin1',
    ),
  ]);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      if (split < 0) return resolve({ status: 0, headers: {}, body: all, text: all.toString('latin1') });
      const [statusLine = '', ...lines] = all.subarray(0, split).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      let body: Buffer = all.subarray(split + 4);
      if (headers['transfer-encoding'] === 'chunked') body = dechunk(body);
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body, text: body.toString('utf8') });
    };
    const timer = setTimeout(finish, opts.timeoutMs ?? 5000);
    socket.on('data', (d) => {
      chunks.push(d);
      // Done once a Content-Length answer is complete (the server may keep the socket open).
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const m = split >= 0 ? /\r\ncontent-length: *(\d+)/i.exec(all.subarray(0, split).toString('latin1')) : null;
      if (m && all.length - split - 4 >= Number(m[1])) finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? finish() : reject(err)));
    socket.write(head);
    if (opts.body !== undefined) socket.write(opts.body);
  });
}
