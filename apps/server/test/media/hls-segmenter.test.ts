import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { Encoder } from '../../src/media/encoder.js';
import { HlsPlaylist } from '../../src/media/hls-playlist.js';
import { HlsSegmenter } from '../../src/media/hls-segmenter.js';
import { segmentsOf } from '../../src/media/live-hls.js';
import { pesPtsOf, ptsDelta } from '../../src/media/ts-packets.js';
import { waitFor } from '../wait.js';
import { testPlan } from './test-plan.js';

const run = promisify(execFile);

describe('HLS playlist', () => {
  it('rolls 6 segments, counts the sequence and the discontinuities that slid out, reads itself back', () => {
    const list = new HlsPlaylist(1);
    for (let i = 0; i < 4; i++) list.add({ name: `aaaaaaaa-${i}.ts`, duration: 1, discontinuity: false });
    for (let i = 4; i < 9; i++) list.add({ name: `bbbbbbbb-${i}.ts`, duration: 1.033, discontinuity: i === 4 });
    expect(list.entries.map((e) => e.name)).toEqual([
      'aaaaaaaa-3.ts',
      'bbbbbbbb-4.ts',
      'bbbbbbbb-5.ts',
      'bbbbbbbb-6.ts',
      'bbbbbbbb-7.ts',
      'bbbbbbbb-8.ts',
    ]);
    expect(list.mediaSequence).toBe(3);
    const text = list.render();
    expect(text).toContain('#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:3\n#EXT-X-INDEPENDENT-SEGMENTS\n');
    expect(text).toContain('#EXTINF:1.000,\naaaaaaaa-3.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:1.033,\nbbbbbbbb-4.ts\n');
    expect(text).not.toContain('ENDLIST');
    // The discontinuity slides out: counted.
    const gone = list.add({ name: 'bbbbbbbb-9.ts', duration: 1, discontinuity: false });
    expect(gone.map((e) => e.name)).toEqual(['aaaaaaaa-3.ts']);
    list.add({ name: 'bbbbbbbb-10.ts', duration: 1, discontinuity: false });
    expect(list.render()).toContain('#EXT-X-MEDIA-SEQUENCE:5\n#EXT-X-DISCONTINUITY-SEQUENCE:1\n');
    const again = HlsPlaylist.parse(list.render(), 1);
    expect(again.entries).toEqual(list.entries);
    expect([again.mediaSequence, again.discontinuitySequence, again.nextSequence]).toEqual([5, 1, 11]);
    expect(segmentsOf(list.render())).toEqual(list.entries.map((e) => e.name));
  });

  it("reads ffmpeg's playlists (a service upgraded while living goes on with it)", () => {
    const ffmpeg =
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:7\n#EXTINF:1.000000,\nab12cd34-7.ts\n#EXT-X-DISCONTINUITY\n#EXTINF:0.966667,\nab12cd35-8.ts\n';
    const list = HlsPlaylist.parse(ffmpeg, 1);
    expect(list.nextSequence).toBe(9);
    expect(list.entries[1]).toEqual({ name: 'ab12cd35-8.ts', duration: 0.966667, discontinuity: true });
  });
});

describe('HLS segmenter on a fan-out', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hls-seg-'));
  const encoder = new Encoder();
  afterAll(async () => {
    await encoder.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const playlist = () => (existsSync(join(dir, 'live.m3u8')) ? readFileSync(join(dir, 'live.m3u8'), 'utf8') : '');
  const opts = (token: string) => ({ dir, playlist: 'live.m3u8', token, segmentSeconds: 1 });

  it('cuts 1 s segments at keyframes (PAT, PMT, keyframe first; timed by PTS), rolls and deletes, goes on after a discontinuity', async () => {
    encoder.start(testPlan());
    const first = new HlsSegmenter(encoder.sd, opts('aaaaaaaa'));
    first.start();
    await waitFor(() => first.written >= 8, { timeoutMs: 30_000, intervalMs: 100, what: '8 segments' });
    const text = playlist();
    const names = segmentsOf(text);
    expect(names).toHaveLength(6);
    expect(text).toMatch(/^#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:\d+\n#EXT-X-INDEPENDENT-SEGMENTS\n/);
    // 15 pictures a GOP at 15 fps: each segment is one GOP, 1.000 s from one keyframe's PTS to the next.
    expect([...text.matchAll(/#EXTINF:([\d.]+),/g)].map((m) => m[1])).toEqual(Array(6).fill('1.000'));
    expect(names[0]).toMatch(/^aaaaaaaa-\d+\.ts$/);
    // What slid out is deleted, but for one (a player that just read the playlist); no temporary file is left.
    await first.stop();
    const files = readdirSync(dir);
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.ts')).length).toBeLessThanOrEqual(8);
    for (const name of names) expect(files).toContain(name);
    // Each segment decodes on its own from its first byte: PAT first, a keyframe first among the pictures.
    const seg = readFileSync(join(dir, names[1]!));
    expect(seg[0]).toBe(0x47);
    expect(((seg[1]! & 0x1f) << 8) | seg[2]!).toBe(0);
    const frames = await run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'v',
      '-show_entries',
      'frame=key_frame,pict_type',
      '-of',
      'csv=p=0',
      join(dir, names[1]!),
    ]);
    const pictures = frames.stdout.trim().split('\n');
    expect(pictures[0]).toMatch(/^1,I/);
    expect(pictures).toHaveLength(15);
    const probe = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', join(dir, names[1]!)]);
    expect(probe.stdout).toMatch(/h264/);
    expect(probe.stdout).toMatch(/aac/);
    // The stopped segmenter wrote what it had gathered, timed to its last picture (less than a GOP).
    const last = HlsPlaylist.parse(playlist(), 1).entries.at(-1)!;
    expect(last.duration).toBeGreaterThan(0);
    expect(last.duration).toBeLessThanOrEqual(1.1);

    // A new segmenter (an encoder restart, a service restart) goes on with the playlist after a discontinuity.
    const before = HlsPlaylist.parse(playlist(), 1);
    const second = new HlsSegmenter(encoder.sd, opts('bbbbbbbb'));
    second.start();
    await waitFor(() => second.written >= 2, { timeoutMs: 20_000, intervalMs: 100, what: 'segments of the second segmenter' });
    await second.stop();
    const after = HlsPlaylist.parse(playlist(), 1);
    const firstNew = after.entries.find((e) => e.name.startsWith('bbbbbbbb-'))!;
    expect(firstNew.discontinuity).toBe(true);
    expect(firstNew.name).toBe(`bbbbbbbb-${before.nextSequence}.ts`);
    expect(after.entries.filter((e) => e.discontinuity)).toHaveLength(1);
    // The whole playlist plays through: ffmpeg decodes every listed segment, without an error.
    // (as a finished playlist: ffmpeg would wait on a live one for more)
    writeFileSync(join(dir, 'ended.m3u8'), `${playlist()}#EXT-X-ENDLIST\n`);
    const whole = await run('ffmpeg', ['-v', 'error', '-i', join(dir, 'ended.m3u8'), '-map', '0:v', '-f', 'framemd5', '-']);
    expect(whole.stderr).toBe('');
    const decoded = whole.stdout.split('\n').filter((l) => l && !l.startsWith('#')).length;
    expect(decoded).toBeGreaterThan(15 * (after.entries.length - 2));
  }, 60_000);

  it('reads PTS of PES headers across the 33-bit wrap', () => {
    const packet = Buffer.alloc(188, 0xff);
    packet.set([0x47, 0x41, 0x00, 0x10, 0, 0, 1, 0xe0, 0, 0, 0x80, 0x80, 5]);
    const pts = 2 ** 33 - 90;
    const b = [
      0x21 | (Math.floor(pts / 2 ** 30) << 1),
      (Math.floor(pts / 2 ** 22) & 0xff) >>> 0,
      ((Math.floor(pts / 2 ** 15) & 0x7f) << 1) | 1,
      Math.floor(pts / 2 ** 7) & 0xff,
      ((pts & 0x7f) << 1) | 1,
    ];
    packet.set(b, 13);
    expect(pesPtsOf(packet)).toBe(pts);
    expect(ptsDelta(pts, 90)).toBe(180);
  });
});
