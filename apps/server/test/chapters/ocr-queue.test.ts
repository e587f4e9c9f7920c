import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChapterRow } from '../../src/db/repositories/chapters-repository.js';
import { type CommandRunner, execFileRunner } from '../../src/host/command-runner.js';
import { readPictureText } from '../../src/host/ocr.js';
import { ocrQueue } from '../../src/services/chapters/ocr-queue.js';
import { slidesDraw, slidesInput, syntheticSlideAt } from '../../src/media/synthetic-slides.js';

const dir = mkdtempSync(join(tmpdir(), 'ocr-queue-'));

/** One synthetic slide (the one showing now), drawn by ffmpeg as the slides source draws it. */
function slidePicture(name: string): { file: string; title: string } {
  const file = join(dir, name);
  const seconds = 3600;
  const graph = `${slidesInput()},${slidesDraw({ seconds })}`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', graph, '-frames:v', '1', '-q:v', '3', file]);
  return { file, title: syntheticSlideAt(seconds, Date.now()).title };
}

/** The chapters table's rows the queue uses, kept in memory. */
function chapterRows(rows: ChapterRow[]) {
  return {
    pending: () => rows.filter((r) => r.text_state === 'pending'),
    find: (id: number) => rows.find((r) => r.id === id),
    setText: (id: number, text: string, title: string, state: 'done' | 'none') => {
      Object.assign(rows.find((r) => r.id === id)!, { text, title, text_state: state });
    },
  };
}

const slideRow = (id: number, thumb: string): ChapterRow => ({
  id,
  recording_id: 1,
  kind: 'slide',
  position_ms: id * 1000,
  title: '',
  text: '',
  text_state: 'pending',
  thumb,
});

/**
 * The first core kept busy by a process of the normal class (as a recording's encode does), until stopped. Only
 * that one: the reading is pinned to it (`onFirstCore`), so the tests running beside this file keep the other cores.
 */
function busyFirstCore(): () => void {
  const loop = spawn('taskset', ['-c', '0', process.execPath, '-e', 'for (;;) {}'], { stdio: 'ignore' });
  return () => loop.kill('SIGKILL');
}

/** The service's command runner, its commands run on the first core only (taskset, util-linux). */
const onFirstCore: CommandRunner = {
  run: (file, args, opts) => execFileRunner.run('taskset', ['-c', '0', file, ...args], opts),
};

/** The queue over these rows with the service's Tesseract: what it logs and the slides it has read. */
function realQueue(rows: ChapterRow[], runner: CommandRunner = execFileRunner) {
  const log: string[] = [];
  const read: number[] = [];
  const queue = ocrQueue({
    chapters: chapterRows(rows),
    read: (picture, languages, signal) => readPictureText(runner, picture, languages, signal),
    languages: () => 'eng+chi_sim',
    log: (line) => log.push(line),
    onRead: (id) => read.push(id),
  });
  return { queue, log, read };
}

let release: (() => void) | undefined;
afterEach(() => release?.());

describe("the slides' text, read by Tesseract (real, idle class, CPU-time bound) one slide at a time", () => {
  it("reads each pending slide's title and text, and gives up a picture it cannot read with a line in the log", async () => {
    const slide = slidePicture('slide.jpg');
    const broken = join(dir, 'broken.jpg');
    writeFileSync(broken, 'not a picture');
    const rows = [slideRow(1, slide.file), slideRow(2, broken)];
    const { queue, log, read } = realQueue(rows);
    queue.wake();
    await queue.idle();
    expect(rows[0]).toMatchObject({ text_state: 'done', title: slide.title });
    expect(rows[0]!.text.replace(/\s/g, '')).toMatch(/SLIDE\d+/);
    expect(rows[1]).toMatchObject({ text_state: 'none', text: '' });
    expect(log).toEqual([expect.stringMatching(/^chapter 2: the slide's text could not be read: /)]);
    expect(read).toEqual([1, 2]);
    // In the idle class the reading has only the CPU time the tests running beside it leave (as slide-chapters.test.ts).
  }, 180_000);

  it('waits while its core is busy (no wall-clock limit gives the slide up), and a stop ends the reading at once, the slide still pending', async () => {
    const slide = slidePicture('busy.jpg');
    const rows = [slideRow(1, slide.file), slideRow(2, slide.file)];
    const { queue, log } = realQueue(rows, onFirstCore);
    release = busyFirstCore();
    queue.wake();
    // In the idle class Tesseract has no CPU while its core is busy: nothing is read in 2 s (0.6 s of CPU a slide).
    // (A non-event: only a time can show it.)
    await new Promise((r) => setTimeout(r, 2000));
    expect(rows.map((r) => r.text_state)).toEqual(['pending', 'pending']);
    const asked = Date.now();
    await queue.stop();
    expect(Date.now() - asked).toBeLessThan(1000);
    expect(rows.map((r) => r.text_state)).toEqual(['pending', 'pending']);
    expect(log).toEqual([]);
    // Stopped for good: a wake takes nothing.
    release();
    queue.wake();
    await queue.idle();
    expect(rows.map((r) => r.text_state)).toEqual(['pending', 'pending']);
  }, 30_000);
});
