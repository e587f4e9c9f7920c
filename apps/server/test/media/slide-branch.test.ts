import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildEncoderArgs } from '../../src/media/encoder-args.js';
import { ENCODER_PROGRESS_FD, ENCODER_STDIO } from './encoder-stdio.js';
import { slidesOf } from '../../src/media/encoder-plan.js';
import { SLIDE_FDS, THUMB_HEIGHT, THUMB_WIDTH } from '../../src/media/slide-branch.js';
import { waitFor } from '../wait.js';
import { testPlan } from './test-plan.js';

/** The argv's filter graphs: the picture's, then the slides branch's when there is one, the sound's last. */
const graphs = (args: string[]) => args.flatMap((a, i) => (args[i - 1] === '-filter_complex' ? [a] : []));
const inputs = (args: string[]) => args.flatMap((a, i) => (args[i - 1] === '-i' ? [a] : []));

/** The test plan (A and B side by side) with channel C, the slides, not on the picture. */
const unshown = testPlan({
  sources: { ...testPlan().sources, C: { kind: 'slides', seconds: 4 } },
  slides: { channel: 'C', thresholdPercent: 12 },
});

describe('the slides branch of the composite encode (argv)', () => {
  it('is in the plan only for a slides channel with a source', () => {
    expect(slidesOf(unshown)).toEqual({ channel: 'C', thresholdPercent: 12 });
    expect(slidesOf({ ...unshown, slides: { channel: 'D', thresholdPercent: 12 } })).toBeUndefined();
    const without = buildEncoderArgs({ ...unshown, slides: undefined });
    expect(graphs(without)).toHaveLength(2);
    expect(without.join(' ')).not.toContain('scene');
    // Without the branch, the slides channel that is not shown is not opened at all.
    expect(inputs(without)).toHaveLength(3);
  });

  it('opens a slides channel the picture does not show once more, scores it in its own graph and follows the picture', () => {
    const args = buildEncoderArgs(unshown);
    // A, B, the tone, then C (after the sound's inputs: their indexes do not move).
    expect(inputs(args)).toHaveLength(4);
    expect(inputs(args)[3]).toMatch(/^color=c=0x1E2A38:size=1280x720:rate=5$/);
    const [picture, branch, sound] = graphs(args);
    expect(picture).not.toContain('[3:v]');
    expect(sound).toMatch(/^\[2:a\]/);
    // Drawn here (synthetic slides), followed by A and B (a lost camera ends the branch with the picture), scored
    // at 5 fps against 12 %; every frame a thumbnail, the first and the new slides a JPEG and their score on pipe:5.
    expect(branch).toMatch(/^\[3:v\]setpts=RTCTIME.*setpts=N\/\(5\*TB\)\[slsync0\];/);
    expect(branch).toContain('[0:v]crop=2:2:0:0,format=gray[sltick0];[slsync0][sltick0]overlay=x=W:y=H:shortest=1[slsync1]');
    expect(branch).toContain('[1:v]crop=2:2:0:0,format=gray[sltick1];[slsync1][sltick1]overlay=x=W:y=H:shortest=1[slsync2]');
    expect(branch).toContain(`scale=${THUMB_WIDTH}:${THUMB_HEIGHT}:flags=area,format=gray,settb=AVTB,setpts=PTS+0.3/TB[slidethumb]`);
    expect(branch).toContain(
      "select='eq(n\\,0)+gte(scene\\,0.1200)',metadata=mode=print:key=lavfi.scene_score:file='pipe\\:5':direct=1,scale=1280:-2,",
    );
    // The HD and SD outputs as before, then the thumbnails (pipe:7) and the JPEGs (pipe:6).
    expect(args.slice(args.indexOf('pipe:3') + 1)).toEqual([
      ...['-map', '[slidethumb]', '-fps_mode', 'passthrough', '-threads', '1', '-flush_packets', '1'],
      ...['-c:v', 'rawvideo', '-pix_fmt', 'gray', '-f', 'rawvideo', `pipe:${SLIDE_FDS.thumbs}`],
      ...['-map', '[slidejpeg]', '-fps_mode', 'passthrough', '-threads', '1', '-flush_packets', '1'],
      ...['-c:v', 'mjpeg', '-q:v', '4', '-f', 'image2pipe', `pipe:${SLIDE_FDS.jpegs}`],
    ]);
  });

  it('shares the input of a slides channel the picture shows, and follows only the other channels shown now', () => {
    const shown = testPlan({
      sources: { ...unshown.sources, C: { kind: 'rtsp', url: 'rtsp://127.0.0.1:8554/pc' } },
      layout: { type: 1, channeldata: ['C', 'A'] },
      transition: { from: { type: 1, channeldata: ['A', 'B'] }, effect: 'fade', seconds: 1 },
      slides: { channel: 'C', thresholdPercent: 10 },
    });
    const args = buildEncoderArgs(shown);
    expect(inputs(args).filter((i) => i.startsWith('rtsp:'))).toHaveLength(1);
    const branch = graphs(args)[1]!;
    // C is input 0 (the picture's first slot); A input 1; B (only in the transition from the layout before) is not followed.
    expect(branch).toMatch(/^\[0:v\]fps=5\[slsync0\];\[1:v\]crop=2:2:0:0,format=gray\[sltick0\];/);
    expect(branch).not.toContain('[2:v]');
    expect(branch).toContain('[slsync1]split=2');
    // Shared with the picture: decoded in full.
    expect(args).not.toContain('-skip_loop_filter');
  });

  it('decodes an RTSP slides channel the picture does not show without the deblocking filter, in one thread', () => {
    const args = buildEncoderArgs(
      testPlan({ ...unshown, sources: { ...unshown.sources, C: { kind: 'rtsp', url: 'rtsp://127.0.0.1:8554/pc' } } }),
    );
    const at = args.indexOf('rtsp://127.0.0.1:8554/pc');
    expect(args.slice(at - 11, at + 1)).toEqual([
      ...['-skip_loop_filter', 'all', '-threads', '1'],
      ...['-rtsp_transport', 'tcp', '-timeout', '2000000', '-fpsprobesize', '0', '-i', 'rtsp://127.0.0.1:8554/pc'],
    ]);
  });
});

/** Runs an argv with the branch's pipes; counts what each gives. */
function runBranch(args: string[]) {
  const p = spawn('ffmpeg', args, { stdio: ENCODER_STDIO });
  const got = { hd: 0, scores: '', jpegs: 0, thumbs: 0, err: '' };
  p.stdout!.on('data', (d: Buffer) => (got.hd += d.length));
  p.stderr!.on('data', (d: Buffer) => (got.err += d));
  const pipe = (fd: number) => (p.stdio as unknown as NodeJS.ReadableStream[])[fd]!;
  for (const fd of [3, 4, ENCODER_PROGRESS_FD]) pipe(fd).resume();
  pipe(SLIDE_FDS.scores).on('data', (d: Buffer) => (got.scores += d));
  pipe(SLIDE_FDS.jpegs).on('data', (d: Buffer) => (got.jpegs += d.length));
  pipe(SLIDE_FDS.thumbs).on('data', (d: Buffer) => (got.thumbs += d.length));
  const exited = new Promise<number | null>((r) => p.on('close', r));
  return { p, got, exited };
}

/** `args` with the lavfi input that starts with `prefix` ending after `seconds`. */
const ending = (args: string[], prefix: string, seconds: number) =>
  args.map((a, i) => (args[i - 1] === '-i' && a.startsWith(prefix) ? `${a}:duration=${seconds}` : a));

describe('the slides branch in ffmpeg', () => {
  it('ends the encode with the picture when a camera is lost (the branch does not keep ffmpeg running)', async () => {
    // A's picture ends after 3 s, as a lost camera's does.
    const run = runBranch(ending(buildEncoderArgs(unshown), 'color=c=0xC0392B', 3));
    await waitFor(() => run.got.thumbs >= THUMB_WIDTH * THUMB_HEIGHT, { what: 'the first thumbnail', timeoutMs: 10_000 });
    const code = await Promise.race([run.exited, new Promise((r) => setTimeout(() => r('still running'), 12_000))]);
    if (code === 'still running') run.p.kill('SIGKILL');
    expect(code).toBe(0);
    expect(run.got.scores).toMatch(/^frame:0 .*\nlavfi\.scene_score=0\.000000\n/);
    expect(run.got.jpegs).toBeGreaterThan(1000);
  }, 30_000);

  it('goes on with the picture when a slides channel it does not show is lost: only the thumbnails stop', async () => {
    const run = runBranch(ending(buildEncoderArgs(unshown), 'color=c=0x1E2A38', 2));
    try {
      await waitFor(() => run.got.thumbs > 0, { what: 'the first thumbnail', timeoutMs: 10_000 });
      await new Promise((r) => setTimeout(r, 3000));
      const { hd, thumbs } = run.got;
      // Two more seconds: the picture goes on, the slides do not.
      await new Promise((r) => setTimeout(r, 2000));
      expect(run.p.exitCode).toBeNull();
      expect(run.got.hd - hd).toBeGreaterThan(10_000);
      expect(run.got.thumbs).toBe(thumbs);
      expect(thumbs / (THUMB_WIDTH * THUMB_HEIGHT)).toBeLessThanOrEqual(11);
    } finally {
      run.p.kill('SIGKILL');
      await run.exited;
    }
  }, 30_000);
});
