import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_HEADER } from '@roomcast/contract';
import { ADMIN_PASSWORD, makeApp } from '../helpers.js';
import { REPO_ROOT } from './support/source-files.js';

const CONSOLE_SRC = join(REPO_ROOT, 'apps/console');
const CONSOLE_DIST = join(CONSOLE_SRC, 'dist');
const built = existsSync(join(CONSOLE_DIST, 'index.html'));

/** The CSP's directives by name. */
function csp(header: unknown): Map<string, string[]> {
  return new Map(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** What a page may not hold under `script-src 'self'` without 'unsafe-inline': inline scripts, handlers, javascript: URLs, foreign scripts. */
function inlineCode(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const src = /\bsrc\s*=\s*["']([^"']*)["']/i.exec(m[1]!)?.[1];
    if (!src) out.push(`inline <script>: ${m[2]!.trim().slice(0, 80)}`);
    else if (!/^\/(?!\/)/.test(src)) out.push(`script from another origin or a relative URL: ${src}`);
    if (src && m[2]!.trim()) out.push(`<script src> with inline code: ${src}`);
  }
  for (const m of html.matchAll(/\son[a-z]+\s*=/gi)) out.push(`inline event handler: ${m[0].trim()}`);
  for (const m of html.matchAll(/(?:href|src|action)\s*=\s*["']\s*javascript:/gi)) out.push(`javascript: URL: ${m[0]}`);
  for (const m of html.matchAll(/<(?:link|img|iframe|object|embed)\b[^>]*\b(?:href|src)\s*=\s*["'](https?:)?\/\/[^"']*/gi))
    out.push(`resource from another origin: ${m[0]}`);
  return out;
}

describe('security headers: CSP the console satisfies, nosniff, frame protection', async () => {
  const t = await makeApp({ env: { CONSOLE_DIR: built ? CONSOLE_DIST : '' } });
  const admin = await t.login();
  const asset = built ? /src="(\/assets\/[^"]+\.js)"/.exec(readFileSync(join(CONSOLE_DIST, 'index.html'), 'utf8'))?.[1] : undefined;

  const requests: { name: string; method: 'GET' | 'POST'; url: string; session?: string; payload?: string; console?: boolean }[] = [
    { name: 'console page', method: 'GET', url: '/', console: true },
    { name: 'console client route', method: 'GET', url: '/settings/network', console: true },
    ...(asset ? [{ name: 'console script', method: 'GET' as const, url: asset, console: true }] : []),
    { name: 'API call', method: 'POST', url: '/api/roominfo', payload: '{}' },
    { name: 'API refusal (401)', method: 'POST', url: '/api/listuser', payload: '{}' },
    { name: 'API call with a session', method: 'POST', url: '/api/whoami', payload: '{}', session: admin },
    { name: 'API 400', method: 'POST', url: '/api/login', payload: '{"usercode":' },
    { name: 'unknown call', method: 'POST', url: '/api/nosuchcall', payload: '{}' },
    { name: 'webconfig', method: 'GET', url: '/static/webconfig.json' },
    { name: 'OpenAPI', method: 'GET', url: '/api/openapi.json' },
    { name: 'media refusal', method: 'GET', url: '/media/recordings/x/a_HD.mp4' },
    { name: 'missing file', method: 'GET', url: '/nosuch.js' },
  ];

  for (const r of requests) {
    it.skipIf(r.console && !built)(`${r.name}: ${r.method} ${r.url}`, async () => {
      const res = await t.app.inject({
        method: r.method,
        url: r.url,
        payload: r.payload,
        headers: { 'content-type': 'application/json', ...(r.session ? { [SESSION_HEADER]: r.session } : {}) },
      });
      expect(res.statusCode).toBeLessThan(500);
      const policy = csp(res.headers['content-security-policy']);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('script-src-attr')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'self'"]);
      expect(policy.get('form-action')).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(['SAMEORIGIN', 'DENY']).toContain(res.headers['x-frame-options']);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
      // nosniff only protects when the declared type is right.
      const type = String(res.headers['content-type'] ?? '');
      if (r.url.startsWith('/api/') || r.url.startsWith('/media/') || r.url.endsWith('.json')) expect(type).toMatch(/^application\/json/);
      if (r.console && !r.url.endsWith('.js')) expect(type).toMatch(/^text\/html/);
      if (r.url.endsWith('.js') && r.console) expect(type).toMatch(/^(text|application)\/javascript/);
    });
  }

  // Probe finding (issue 19): answers that carry a session id had no Cache-Control.
  it('no call answer is stored: the login answer with its session id, refusals, the rest', async () => {
    const login = await t.post('login', { usercode: 'admin', password: ADMIN_PASSWORD });
    expect(login.body.result).toBe(true);
    expect(login.headers['cache-control']).toBe('no-store');
    for (const r of requests.filter((x) => x.url.startsWith('/api/') && x.method === 'POST')) {
      const res = await t.app.inject({
        method: r.method,
        url: r.url,
        payload: r.payload,
        headers: { 'content-type': 'application/json', ...(r.session ? { [SESSION_HEADER]: r.session } : {}) },
      });
      expect(res.headers['cache-control'], `${r.name}`).toBe('no-store');
    }
  });

  it('the console source page has no inline script, handler or foreign resource', () => {
    expect(inlineCode(readFileSync(join(CONSOLE_SRC, 'index.html'), 'utf8'))).toEqual([]);
  });

  it.skipIf(!built)('the built console page has no inline script, handler or foreign resource, and its scripts need no eval', () => {
    const html = readFileSync(join(CONSOLE_DIST, 'index.html'), 'utf8');
    expect(inlineCode(html)).toEqual([]);
    // script-src has no 'unsafe-eval': no bundle may build code from strings.
    const scripts = readdirSync(join(CONSOLE_DIST, 'assets')).filter((f) => f.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const evaluating = scripts.filter((f) => /\beval\(|\bnew Function\(/.test(readFileSync(join(CONSOLE_DIST, 'assets', f), 'utf8')));
    expect(evaluating).toEqual([]);
  });

  it('the page checker catches what the CSP would block', () => {
    expect(inlineCode('<script>alert(1)</script>')).not.toEqual([]);
    expect(inlineCode('<script src="https://cdn.example/x.js"></script>')).not.toEqual([]);
    expect(inlineCode('<body onload="x()">')).not.toEqual([]);
    expect(inlineCode('<a href="javascript:x()">')).not.toEqual([]);
    expect(
      inlineCode('<script type="module" crossorigin src="/assets/index.js"></script><link rel="stylesheet" href="/assets/a.css">'),
    ).toEqual([]);
  });
});
