import { encodeFilePath, FILE_PATH_HEADER, SESSION_HEADER, SETTINGS, type CallName, type SettingCode } from '@roomcast/contract';
import type { TestApp } from '../../helpers.js';
import { rawRequest } from './http.js';
import type { Outside } from './outside.js';
import { isZip, zipEntries } from './zip.js';

/*
 * The two shared tables of the security suite. Each area appends its entries from its own file in
 * ../targets/ (loaded by load-targets.ts): adding a capability adds a file there, not a test.
 */

export interface ProbeContext {
  t: TestApp;
  /** An admin session: probes run with every permission, so only the input's own checks stand in the way. */
  admin: string;
  outside: Outside;
  /** Port of the listening app, for requests sent byte for byte. */
  port: number;
}

export interface Answer {
  status: number;
  /** The answer's text; for a zip, the names and readable contents of its entries. */
  text: string;
  /** Names of the files an archive answer carries. */
  files?: string[];
}

/** An answer from its bytes: a zip is opened so what it carries can be checked. */
export function answerOf(status: number, body: Buffer): Answer {
  if (!isZip(body)) return { status, text: body.toString('utf8') };
  const entries = zipEntries(body);
  return { status, files: entries.map((e) => e.name), text: entries.map((e) => `${e.name}\n${e.text ?? ''}`).join('\n') };
}

/** An answer that says no: 4xx, or the envelope's result:false. */
export function refused(a: Answer): boolean {
  if (a.status >= 400 && a.status < 500) return true;
  try {
    return (JSON.parse(a.text) as { result?: unknown }).result === false;
  } catch {
    return false;
  }
}

/** An input that names a file (a URL path, a call's body field, the file-path header). */
export interface FileInput {
  name: string;
  /**
   * `read`: the answer could carry a file's bytes (downloads, static files, media);
   * `write`: the input says where bytes are written, renamed or deleted.
   */
  kind: 'read' | 'write';
  /** The call that answers it: its probes wait (skipped) while the call is in api/pending.ts. */
  call?: CallName;
  /** Sends one path probe and returns the answer (several requests' texts joined when it takes more). */
  send(ctx: ProbeContext, path: string): Promise<Answer>;
  /** Every probe must also be refused (4xx or result:false), not merely leak nothing. */
  mustRefuse?: boolean;
}

/** A value that reaches a command's arguments, a generated file or a file name. */
export interface CommandValue {
  name: string;
  /** `system` (NTP, network, clock) is reported as a failure class of its own. */
  area: 'system' | 'streams' | 'storage' | 'third-party' | 'generated-file';
  /** Turns a payload into a value of this kind (e.g. inside a URL), so it passes the obvious checks first. */
  shapes: ((payload: string) => string)[];
  write(ctx: ProbeContext, value: string): Promise<Answer>;
  /** The value as stored now. */
  stored(ctx: ProbeContext): string | undefined;
  /** What an accepted value must be stored as: the value itself, after the contract's documented normalisation. */
  normalized(value: string): string;
  /** Where an accepted value goes today: checks it arrives literally (one argv element, a file's content, a file name inside storage). */
  use?: {
    what: string;
    /** The call that puts the value to use: the check waits while it is pending. */
    call?: CallName;
    /** Check the first accepted value only (the use is slow, e.g. a real recording). */
    once?: boolean;
    check(ctx: ProbeContext, value: string): Promise<void>;
  };
  /** Where the value will go once that part is built (for the report while there is no `use`). */
  consumer?: string;
}

export const FILE_INPUTS: FileInput[] = [];
export const COMMAND_VALUES: CommandValue[] = [];
export const fileInput = (input: FileInput): void => void FILE_INPUTS.push(input);
export const commandValue = (value: CommandValue): void => void COMMAND_VALUES.push(value);

// Helpers for area files.

/** The service's signer of media URLs (services/recording/media-url.ts), looked up loosely so the tables do not depend on its shape. */
type Signer = { signMediaUrl(rel: string, ttlSeconds?: number): string };
export const mediaSigner = (ctx: Pick<ProbeContext, 't'>): Signer | undefined => (ctx.t.internals as { mediaUrls?: Signer }).mediaUrls;

/** GET of a URL path sent byte for byte (no normalisation on the way). */
export async function getPath(ctx: ProbeContext, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const a = await rawRequest(ctx.port, { path: Buffer.from(path, 'latin1'), headers });
  return answerOf(a.status, a.body);
}

/** A call as the admin, JSON body. */
export async function callAsAdmin(ctx: ProbeContext, name: CallName, body: unknown): Promise<Answer> {
  const r = await ctx.t.post(name, body, ctx.admin);
  return { status: r.status, text: r.raw.body };
}

/** A raw call as the admin with the path in the base64 `file-path` header. */
export async function rawCallWithPath(ctx: ProbeContext, name: CallName, path: string, bytes: Buffer | string = ''): Promise<Answer> {
  const res = await ctx.t.app.inject({
    method: 'POST',
    url: `/api/${name}`,
    payload: bytes,
    headers: { 'content-type': 'application/octet-stream', [SESSION_HEADER]: ctx.admin, [FILE_PATH_HEADER]: encodeFilePath(path) },
  });
  return answerOf(res.statusCode, res.rawPayload);
}

/** A setting key as a command value: written with writeconfig as the admin, read back from the repository. */
export function settingValue(
  code: SettingCode,
  key: string,
  opts: Pick<CommandValue, 'area' | 'shapes' | 'use' | 'consumer'>,
): CommandValue {
  const def = (SETTINGS[code].keys as Record<string, { schema: { parse(v: string): string }; secret?: boolean }>)[key];
  if (!def) throw new Error(`${code} has no key ${key}`);
  return {
    name: `${code}.${key}`,
    ...opts,
    write: (ctx, value) => callAsAdmin(ctx, 'writeconfig', { settingcode: code, data: [{ key, value }] }),
    // What the repository holds (not a live value the service computes, like the device time); a secret is stored
    // sealed (docs/security.md "The data directory"), so it is read opened, as the service uses it.
    stored: (ctx) => (def.secret ? ctx.t.internals.settings.raw(code)[key] : ctx.t.internals.repos.settings.read(code)[key]),
    normalized: (value) => def.schema.parse(value),
  };
}

/** Shapes of common kinds of value. */
export const SHAPES = {
  host: [(p: string) => p, (p: string) => `ntp.example.org${p}`],
  url: (scheme: string) => [
    (p: string) => p,
    (p: string) => `${scheme}://cam.example/live${p}`,
    (p: string) => `${scheme}://cam.example${p}`,
    (p: string) => `${scheme}://user:${p}@cam.example/live`,
  ],
  path: [(p: string) => p, (p: string) => `recordings/${p}`],
  text: [(p: string) => p, (p: string) => `Room${p}`],
  address: [(p: string) => p, (p: string) => `192.168.1.10${p}`],
};
