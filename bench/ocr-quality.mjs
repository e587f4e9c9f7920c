// Chapters' OCR (issue 22): how well and at what cost the slides' text is read.
//  1. Quality and cost. OCR_SLIDES synthetic slides (apps/server/dist/media/synthetic-slides.js: four known titles,
//     English and Simplified Chinese, and "SLIDE n"), drawn by ffmpeg as the encode draws them and saved as the slides
//     branch hands them over (1280-wide JPEG, q 4), read by the service's own Tesseract command line
//     (host/ocr.ts: eng+chi_sim, one thread, Sauvola; without its idle scheduling class, which only yields) and cleaned as the chapters are (slide-text.ts). The character
//     error rate of the titles against the drawn ones (edits / characters drawn; target ≤ 5 %) and the CPU seconds
//     per slide (user + system of tesseract, from /usr/bin/time).
//  2. The encode while OCR runs. The built service recording with channel C on the synthetic slides changing every
//     OCR_PERIOD_S seconds, OCR_RECORD_S seconds a recording, OCR_ROUNDS times each way in turns: push alone (the
//     slides branch, no OCR) and chapters alone (OCR has a slide to read every few seconds). The encoder's speed
//     from its /metrics every 5 s (target ≥ 1.0 throughout), the chapters made and their titles' error rate.
// Needs `npm run build` first. Prints figures; never fails the build.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SLIDE_TITLES, slidesDraw, slidesInput, syntheticSlideAt } from '../apps/server/dist/media/synthetic-slides.js';
import { cleanSlideText, slideTitle } from '../apps/server/dist/services/chapters/slide-text.js';
import { machine, sleep } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const SLIDES = Number(process.env.OCR_SLIDES ?? 24);
const PERIOD = Number(process.env.OCR_PERIOD_S ?? 3);
const RECORD_S = Number(process.env.OCR_RECORD_S ?? 45);
const ROUNDS = Number(process.env.OCR_ROUNDS ?? 2);
const LANGUAGES = 'eng+chi_sim';
const PARTS = (process.env.OCR_PARTS ?? 'quality,encode').split(',');
console.log('machine', JSON.stringify(machine()));

/** Edits (insertions, deletions, substitutions) from a to b, by character. */
function editDistance(a, b) {
  const x = [...a];
  const y = [...b];
  let row = y.map((_, j) => j + 1);
  for (let i = 0; i < x.length; i++) {
    const next = [i + 1];
    for (let j = 0; j < y.length; j++) next.push(Math.min(row[j] + 1, next[j] + 1, (j ? row[j - 1] : i) + (x[i] === y[j] ? 0 : 1)));
    row = next.slice(1);
  }
  return y.length ? row[y.length - 1] : x.length;
}
const cer = (pairs) => {
  const edits = pairs.reduce((n, [got, want]) => n + editDistance(got, want), 0);
  const chars = pairs.reduce((n, [, want]) => n + [...want].length, 0);
  return { edits, chars, percent: ((100 * edits) / chars).toFixed(2) };
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (PARTS.includes('quality')) {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-bench-ocr-'));
  // Slide k of the epoch is drawn at t = k * period: the drawing's first filter (the wall clock) is replaced.
  const period = 10;
  const first = 1000;
  const draw = slidesDraw({ seconds: period, fps: 1 }).replace(/^setpts=RTCTIME\/\(1000000\*TB\)/, `settb=1,setpts=(${first}+N)*${period}`);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', slidesInput(1), '-vf', draw],
    ...['-frames:v', String(SLIDES), '-c:v', 'mjpeg', '-q:v', '4', join(dir, 'slide-%03d.jpg')],
  ]);
  const pairs = [];
  const cpu = [];
  const misses = [];
  for (let i = 0; i < SLIDES; i++) {
    const file = join(dir, `slide-${String(i + 1).padStart(3, '0')}.jpg`);
    const want = syntheticSlideAt(period, (first + i) * period * 1000).title;
    // The service's command line (host/ocr.ts), timed by /usr/bin/time into a file (tesseract's stdout is the text).
    const timing = join(dir, 'time.txt');
    const out = execFileSync(
      '/usr/bin/time',
      ['-f', '%U %S', '-o', timing, 'tesseract', file, 'stdout', '-l', LANGUAGES, '--psm', '3', '-c', 'thresholding_method=2'],
      { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const [user, system] = readFileSync(timing, 'utf8').trim().split(/\s+/).map(Number);
    cpu.push(user + system);
    const got = slideTitle(cleanSlideText(out));
    pairs.push([got, want]);
    if (got !== want) misses.push(`${JSON.stringify(got)} for ${JSON.stringify(want)}`);
  }
  const c = cer(pairs);
  console.log(
    `quality: ${SLIDES} slides (titles ${SLIDE_TITLES.map((t) => JSON.stringify(t)).join(', ')}), languages ${LANGUAGES}: title CER ${c.percent} % (${c.edits} edits in ${c.chars} characters; target ≤ 5 %)`,
  );
  if (misses.length) console.log(`  titles read differently: ${misses.join('; ')}`);
  console.log(
    `cost: CPU per slide median ${median(cpu).toFixed(2)} s, max ${Math.max(...cpu).toFixed(2)} s, total ${cpu.reduce((a, b) => a + b, 0).toFixed(1)} s`,
  );
}

if (PARTS.includes('encode')) {
  const TOKEN = 'ocr-bench-metrics-token-0123456789abcdef';
  const svc = await startService({ MIN_FREE_MB: '100' });
  try {
    await svc.must('setsetting', [
      {
        section: 'setting_metrics',
        data: [
          { key: 'enable', value: 'true' },
          { key: 'token', value: TOKEN },
        ],
      },
      { section: 'setting_ppt', data: [{ key: 'slidechannel', value: 'C' }] },
    ]);
    await svc.must('writeconfig', { settingcode: 'setting_video_devices', data: [{ key: 'hdmi3', value: `slides:${PERIOD}` }] });
    const speed = async () => {
      const text = await (await fetch(`http://127.0.0.1:${svc.port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      return Number(/^roomcast_encoder_speed_ratio (\S+)$/m.exec(text)?.[1] ?? Number.NaN);
    };
    /** One recording of RECORD_S seconds: the encoder's speed every 5 s after the first 5 (its start), and the recording. */
    const record = async () => {
      await svc.must('recordctl', { control: 'start' });
      const started = Date.now();
      const speeds = [];
      while (Date.now() - started < RECORD_S * 1000) {
        await sleep(5000);
        if (Date.now() - started > 5000) speeds.push(await speed());
      }
      await svc.must('recordctl', { control: 'stop' });
      const rows = (await svc.must('listmedia', { usercode: '', currentpage: 1, pagesize: 1 })).rows;
      return { speeds: speeds.filter((s) => Number.isFinite(s) && s > 0), recordid: rows[0].recordid };
    };
    const figures = (xs) => `min ${Math.min(...xs).toFixed(3)} / median ${median(xs).toFixed(3)} (${xs.length} readings)`;
    // Chapters off (the same slides, no OCR) and on, in turns (OCR_ROUNDS each), so that the machine's other load
    // weighs on both alike: the encoder's speed either way in one sitting.
    const without = { speeds: [] };
    const withOcr = { speeds: [], recordid: '' };
    for (let round = 0; round < ROUNDS; round++) {
      for (const on of [false, true]) {
        await svc.must('setsetting', [
          {
            section: 'setting_ppt',
            data: [
              { key: 'chapterenable', value: String(on) },
              { key: 'pushenable', value: String(!on) },
            ],
          },
        ]);
        const r = await record();
        (on ? withOcr : without).speeds.push(...r.speeds);
        if (on) withOcr.recordid = r.recordid;
      }
    }
    const { chapters } = await svc.must('listchapter', { recordid: withOcr.recordid });
    const read = chapters.filter((c) => c.kind === 'slide' && c.textstate === 'done');
    // Each slide's own title is the one drawn at its number (SLIDE n: the same epoch index modulo 100, titles modulo 4).
    const pairs = read.flatMap((c) => {
      const n = /SLIDE\s*(\d+)/.exec(c.text)?.[1];
      return n === undefined ? [] : [[c.title, SLIDE_TITLES[Number(n) % SLIDE_TITLES.length]]];
    });
    const c = pairs.length ? cer(pairs) : { percent: 'n/a' };
    console.log(
      `encode, ${RECORD_S} s recordings, a slide every ${PERIOD} s, the slides branch on in both (push alone, then chapters alone):`,
    );
    console.log(`  without OCR: encoder speed ${figures(without.speeds)}`);
    console.log(`  with OCR:    encoder speed ${figures(withOcr.speeds)} (target ≥ 1.0)`);
    console.log(
      `  ${chapters.length} chapters, ${read.length} slides read, title CER ${c.percent} % over the ${pairs.length} whose number was read`,
    );
  } finally {
    await svc.close();
  }
}
