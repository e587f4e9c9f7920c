import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';

/** One raw request over a real socket, as a browser or a probe sends it; the whole answer until the server closes. */
function rawRequest(port: number, request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => {
      data += chunk;
      // Keep-alive answers do not close: the envelope's length says when it is whole.
      const [head, body = ''] = data.split('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(head ?? '')?.[1];
      if (length !== undefined && Buffer.byteLength(body, 'latin1') >= Number(length)) socket.end();
    });
    socket.on('error', (err) => (data ? undefined : reject(err)));
    socket.on('close', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()] as [string, string]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

// Probe finding (issue 19): `GET /%ff`, `/api/sta%zztus` and an oversized header got Fastify's own 400/431 body,
// without the security headers, not in the envelope's form, echoing the path.
describe('requests refused before routing still get the envelope and the security headers', async () => {
  const t = await makeApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as { port: number }).port;
  afterAll(() => t.app.close());

  const cases: [name: string, request: string, status: number, echo?: string][] = [
    ['a path that is not valid percent-encoding', 'GET /%ff HTTP/1.1\r\nHost: box\r\n\r\n', 400, '%ff'],
    [
      'a call name that is not valid percent-encoding',
      'POST /api/sta%zztus HTTP/1.1\r\nHost: box\r\nContent-Length: 2\r\n\r\n{}',
      400,
      'zz',
    ],
    ['headers over the limit', `GET / HTTP/1.1\r\nHost: box\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
    ['a broken request line', 'GARBAGE\r\n\r\n', 400],
  ];
  for (const [name, request, status, echo] of cases) {
    it(`${name}: ${status}`, async () => {
      const res = await rawRequest(port, request);
      expect(res.status).toBe(status);
      expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['content-security-policy']).toMatch(/default-src 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(res.body) as { result: boolean; message: string };
      expect(body.result).toBe(false);
      expect(body.message).toMatch(/^(url|request): /);
      if (echo) expect(res.body).not.toContain(echo);
    });
  }

  it('the service goes on answering', async () => {
    const res = await rawRequest(
      port,
      'POST /api/roominfo HTTP/1.1\r\nHost: box\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ result: true });
  });
});
