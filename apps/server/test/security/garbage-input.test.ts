import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFilePath, FILE_PATH_HEADER, LOGO_TYPE, MESSAGES } from '@roomcast/contract';
import { makeApp } from '../helpers.js';
import { makeBundle, testKey } from '../update/test-bundles.js';

const run = promisify(execFile);

/**
 * Every call that takes a file or a text to parse, fed garbage bytes, truncated valid input and malformed but
 * plausible input: each is refused with a message that says what is wrong (`result: false`, never a 5xx and never
 * the catch-all "could not complete the request"), and nothing is imported, stored or installed. The importschedule
 * call refuses per event (docs/api.md "iCal schedules"): `problems`, one message per event, and nothing added.
 */

const RUNS = { numRuns: 15, seed: 20261127 } as const;
/** Each cover is decoded by an ffmpeg of its own (about 0.1-0.4 s on a busy machine): fewer runs. */
const IMAGE_RUNS = { numRuns: 6, seed: 20261127 } as const;

type Reply = { status: number; body: { result: boolean; message: string; data?: any } };

/** A refusal a person can act on: below 500, `result: false`, a message that is not the catch-all. */
function expectRefused(res: Reply, what: string): void {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
  expect(res.body.result, `${what}: ${JSON.stringify(res.body)}`).toBe(false);
  expect(res.body.message.length, what).toBeGreaterThan(0);
  expect(res.body.message, what).not.toBe(MESSAGES.internalError);
}

const calendar = (...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    'UID:garbage-1',
    'DTSTAMP:20261101T000000Z',
    ...lines,
    'SUMMARY:Lecture',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
const GOOD_ICS = calendar('DTSTART:20310105T010000Z', 'DTEND:20310105T020000Z');

describe('garbage input to every call that parses a file or a text', async () => {
  const key = testKey();
  const scratch = mkdtempSync(join(tmpdir(), 'roomcast-garbage-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const t = await makeApp({ env: { INSTALL_ROOT: scratch, UPDATE_PUBLIC_KEY: key.publicText } });
  const admin = await t.login();
  const withPath = (name: string, extra: Record<string, string> = {}) => ({ [FILE_PATH_HEADER]: encodeFilePath(name), ...extra });

  const importIcs = (ics: string) => t.post('importschedule', { ics }, admin);
  /** importschedule's refusal: `result: false` with a message, or every event named in `problems`; nothing added. */
  async function expectIcsRefused(ics: string, what: string): Promise<void> {
    const before = (await t.post('schedule', { operation: 'list' }, admin)).body.data.length;
    const res = await importIcs(ics);
    expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    if (res.body.result) {
      expect(res.body.data.added + res.body.data.updated, what).toBe(0);
      expect(res.body.data.problems.length, what).toBeGreaterThan(0);
      for (const p of res.body.data.problems) expect(p.message.length, what).toBeGreaterThan(0);
    } else expectRefused(res, what);
    expect((await t.post('schedule', { operation: 'list' }, admin)).body.data.length, what).toBe(before);
  }

  describe('importschedule (iCalendar)', () => {
    it('a valid calendar is imported (the inputs below differ from it only where they are broken)', async () => {
      expect((await importIcs(GOOD_ICS)).body).toMatchObject({ result: true, data: { added: 1, problems: [] } });
      const [made] = (await t.post('schedule', { operation: 'list' }, admin)).body.data;
      expect((await t.post('schedule', { operation: 'delete', data: { id: made.id } }, admin)).body.result).toBe(true);
    });

    it('refuses a DTSTART, DTEND, DURATION or RRULE value that is not one, naming the event and the property', async () => {
      const broken: [string, string[]][] = [
        ['DTSTART:notadate', ['DTSTART:notadate', 'DTEND:20310105T020000Z']],
        ['DTSTART:2031-13-45T99:00', ['DTSTART:2031-13-45T99:00', 'DTEND:20310105T020000Z']],
        ['DTSTART:20311345T990000Z', ['DTSTART:20311345T990000Z', 'DTEND:20310105T020000Z']],
        ['DTEND:tomorrow', ['DTSTART:20310105T010000Z', 'DTEND:tomorrow']],
        ['DURATION:an hour', ['DTSTART:20310105T010000Z', 'DURATION:an hour']],
        ['RRULE UNTIL:never', ['DTSTART:20310105T010000Z', 'DTEND:20310105T020000Z', 'RRULE:FREQ=DAILY;UNTIL=never']],
        ['RRULE COUNT:many', ['DTSTART:20310105T010000Z', 'DTEND:20310105T020000Z', 'RRULE:FREQ=DAILY;COUNT=many']],
        ['DTSTART;TZID', ['DTSTART;TZID=Europe/Nowhere:2031010', 'DTEND:20310105T020000Z']],
      ];
      for (const [what, lines] of broken) await expectIcsRefused(calendar(...lines), what);
      const res = await importIcs(calendar('DTSTART:notadate', 'DTEND:20310105T020000Z'));
      expect(res.body.data.problems).toEqual([{ uid: 'garbage-1', name: 'Lecture', message: expect.stringMatching(/DTSTART.*notadate/) }]);
    });

    it('refuses a calendar cut anywhere', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: GOOD_ICS.length - 20 }), async (at) =>
          expectIcsRefused(GOOD_ICS.slice(0, at), `cut at ${at}`),
        ),
        RUNS,
      );
    });

    it('refuses random text and random DTSTART values', async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ minLength: 1, maxLength: 2000 }), async (text) =>
          expectIcsRefused(text, JSON.stringify(text.slice(0, 80))),
        ),
        RUNS,
      );
      await fc.assert(
        fc.asyncProperty(
          fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/[\r\n]/.test(s) && !/^\d{8}(T\d{6}Z?)?$/.test(s)),
          async (value) => expectIcsRefused(calendar(`DTSTART:${value}`, 'DTEND:20310105T020000Z'), `DTSTART:${value}`),
        ),
        RUNS,
      );
    });
  });

  describe('importuser (CSV)', () => {
    const csv = Buffer.from('usercode,username,password,role,groupcode\n"garbage1","Garbage One","Password-123","user","nosuchgroup"');
    const users = () => t.internals.repos.users.list().length;
    const importCsv = (bytes: Buffer) => t.post('importuser', bytes, admin, { 'content-type': 'text/csv' });

    it('refuses a broken quote, a truncated file and random bytes, and imports nobody', async () => {
      const before = users();
      expectRefused(
        await importCsv(Buffer.from('usercode,username,password,role,groupcode\n"bob,Bob,Password-123,user,\n')),
        'broken quote',
      );
      expectRefused(await importCsv(Buffer.from('usercode,username\n"a"b,c\n')), 'text after a closing quote');
      expectRefused(await importCsv(Buffer.from([0xff, 0xfe, 0x00, 0x22, 0x0a, 0x22])), 'UTF-16 bytes');
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: csv.length - 1 }), async (at) =>
          expectRefused(await importCsv(csv.subarray(0, at)), `cut at ${at}`),
        ),
        RUNS,
      );
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 1, maxLength: 2048 }), async (bytes) =>
          expectRefused(await importCsv(Buffer.from(bytes)), `random ${bytes.length} bytes`),
        ),
        RUNS,
      );
      expect(users()).toBe(before);
    });
  });

  describe('uploadgeneralfile (configuration restore)', () => {
    const restore = (bytes: Buffer | string) => t.post('uploadgeneralfile', Buffer.from(bytes), admin, withPath('config.ini'));
    let good = '';
    beforeAll(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/downloadgeneralfile',
        payload: '{}',
        headers: { 'content-type': 'application/json', 'x-session-id': admin, ...withPath('roomcast-config.ini') },
      });
      good = res.body;
      expect(good).toContain('[end]');
    });

    it('refuses broken sections, broken lines, a truncated file and random bytes, and restores nothing', async () => {
      const reboots = t.reboots.length;
      const broken: [string, string][] = [
        ['a section without its ]', good.replace('[setting_room]', '[setting_room')],
        ['an empty section name', good.replace('[setting_room]', '[]')],
        ['a key without =', good.replace(/^name=/m, 'name ')],
        ['a value that is not a JSON string', good.replace(/^name=.*$/m, 'name="unterminated')],
        ['a line of only =', good.replace('[setting_room]', '[setting_room]\n=')],
        ['a section twice', good.replace('[end]', '[setting_room]\n[end]')],
        ['NUL bytes', good.replace('[setting_room]', '[setting_\u0000room]')],
      ];
      for (const [what, text] of broken) expectRefused(await restore(text), what);
      expectRefused(await restore(Buffer.from([0xc3, 0x28, 0xa0, 0xa1])), 'bytes that are not UTF-8');
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: good.length - 3 }), async (at) =>
          expectRefused(await restore(good.slice(0, at)), `cut at ${at}`),
        ),
        RUNS,
      );
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: 0, maxLength: 2048 }), async (bytes) =>
          expectRefused(await restore(Buffer.from(bytes)), `random ${bytes.length} bytes`),
        ),
        RUNS,
      );
      expect(t.reboots.length).toBe(reboots);
    });
  });

  describe('uploadfile (album covers, the OSD logo)', () => {
    const images: Record<'png' | 'jpg', Buffer> = { png: Buffer.alloc(0), jpg: Buffer.alloc(0) };
    beforeAll(async () => {
      for (const ext of ['png', 'jpg'] as const) {
        const file = join(scratch, `cover.${ext}`);
        await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=s=160x90', '-frames:v', '1', file]);
        images[ext] = readFileSync(file);
      }
    });
    const cover = (bytes: Buffer, name = 'album/cover.png') =>
      t.post('uploadfile', bytes, admin, withPath(name, { 'content-type': 'image/png' }));

    it('stores a whole PNG and JPEG cover', async () => {
      for (const ext of ['png', 'jpg'] as const) expect((await cover(images[ext], `album/whole.${ext}`)).body.result, ext).toBe(true);
    });

    it('refuses a truncated PNG or JPEG, a PNG with a broken chunk and random bytes behind an image signature', async () => {
      for (const ext of ['png', 'jpg'] as const) {
        const whole = images[ext];
        await fc.assert(
          fc.asyncProperty(fc.integer({ min: 1, max: whole.length - 1 }), async (at) =>
            expectRefused(await cover(whole.subarray(0, at), `album/cut.${ext}`), `${ext} cut at ${at}`),
          ),
          IMAGE_RUNS,
        );
      }
      const brokenChunk = Buffer.from(images.png);
      brokenChunk.fill(0x41, 40, 80);
      expectRefused(await cover(brokenChunk), 'a PNG with a broken chunk');
      const signatures = [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        Buffer.from([0xff, 0xd8, 0xff]),
        Buffer.from('GIF89a'),
      ];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...signatures), fc.uint8Array({ maxLength: 2048 }), async (sig, bytes) =>
          expectRefused(await cover(Buffer.concat([sig, bytes])), `random bytes behind ${sig.toString('hex')}`),
        ),
        IMAGE_RUNS,
      );
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 2048 }), async (bytes) =>
          expectRefused(await cover(Buffer.from(bytes)), 'random bytes'),
        ),
        IMAGE_RUNS,
      );
    }, 90_000);

    it('refuses a logo raster of the wrong size', async () => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (bytes) =>
          expectRefused(
            await t.post('uploadfile', Buffer.from(bytes), admin, withPath('logo.argb', { 'content-type': LOGO_TYPE })),
            `${bytes.length} bytes`,
          ),
        ),
        RUNS,
      );
    });
  });

  describe('uploadupdate (update bundles)', () => {
    const upload = (bytes: Buffer) => t.post('uploadupdate', bytes, admin, withPath('roomcast-update.tar'));
    let good = Buffer.alloc(0);
    beforeAll(async () => {
      good = await makeBundle({ signWith: key.privateKey, version: '9.9.9' });
    });

    it('refuses a truncated bundle, a tar of garbage and random bytes, and installs nothing', async () => {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: good.length - 1 }), async (at) =>
          expectRefused(await upload(good.subarray(0, at)), `cut at ${at}`),
        ),
        RUNS,
      );
      const spoiled = Buffer.from(good);
      spoiled.fill(0x37, 100, 512);
      expectRefused(await upload(spoiled), 'a broken tar header');
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ maxLength: 4096 }), async (bytes) =>
          expectRefused(await upload(Buffer.from(bytes)), `random ${bytes.length} bytes`),
        ),
        RUNS,
      );
      expect(t.reboots).toEqual([]);
    });
  });
});
