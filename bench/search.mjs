// searchmedia (issue 22): p50 and p99 of a search at 100 and at 10,000 hours of indexed lectures (SEARCH_HOURS).
// Seeding, as bench/api.mjs does: before the service starts, the database is created by the service's own
// openDatabase (dist, so the migrations and the FTS5 triggers apply) and filled in one transaction: 90-minute
// recordings (an HD file row each), a chapter every 2 minutes (45 a recording) with a title of 3-6 words and a
// slide's text of 20-40 words drawn from an English and a Chinese vocabulary (a few rare words planted in one
// recording in 500), 50 owners, a shared album holding one recording in ten; one recording in ten (SEARCH_CAPTIONED)
// has a caption track, a cue of 6-16 words every 6 s (900 cues a recording, a rare word in one cue of one in 50). The searches (SEARCH_REQUESTS each,
// sequential, as the admin unless said): a rare English word, a common one, a four-character Chinese term, a
// two-character one (the two-character index, migration 020), a one-character one (a scan), a rare caption word,
// and the common word as a viewer without a session (shared albums only).
// Needs `npm run build` first. Prints figures; never fails the build.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/dist/db/open.js';
import { machine } from './lib/machine.mjs';
import { startService } from './lib/service.mjs';

const HOURS = (process.env.SEARCH_HOURS ?? '100,10000').split(',').map(Number);
const REQUESTS = Number(process.env.SEARCH_REQUESTS ?? 200);
const RECORDING_MIN = 90;
const CHAPTER_EVERY_MIN = 2;
const CAPTIONED = Number(process.env.SEARCH_CAPTIONED ?? 0.1);
const CUE_EVERY_MS = 6000;
console.log('machine', JSON.stringify(machine()));

/** A repeatable pseudo-random sequence (mulberry32), so both sizes hold the same kind of text. */
function random(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rnd = random(22);
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
// 3,000 English-looking words of 2-4 syllables, and "the"-like common ones; Chinese terms of 2-4 characters.
const SYLLABLES = [
  'pho',
  'to',
  'syn',
  'the',
  'sis',
  'cel',
  'lu',
  'lar',
  'mi',
  'to',
  'chon',
  'dri',
  'a',
  'ge',
  'ne',
  'tic',
  'mo',
  'le',
  'cu',
  'ler',
  'qua',
  'tion',
  'den',
  'si',
  'ty',
  'ra',
  'dio',
  'ther',
  'mal',
  'flux',
  'ion',
  'vec',
  'tor',
  'ma',
  'trix',
];
const WORDS = Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => pick(SYLLABLES)).join(''));
const COMMON = ['the', 'and', 'energy', 'function', 'structure', 'process', 'example', 'result'];
const HAN = '光合作用的过程细胞结构与功能能量分子遗传变化系统反应方程速度质量电场磁场波动实验数据分析模型理论';
const TERMS = Array.from({ length: 800 }, () => Array.from({ length: 2 + Math.floor(rnd() * 3) }, () => pick([...HAN])).join(''));
const RARE = ['zymurgyquark', '量子纠缠态', 'quixoticmeson'];
const words = (n) => Array.from({ length: n }, () => (rnd() < 0.25 ? pick(COMMON) : rnd() < 0.3 ? pick(TERMS) : pick(WORDS))).join(' ');

function seed(dataDir, hours) {
  const t0 = performance.now();
  const db = openDatabase(join(dataDir, 'roomcast.db'));
  const recordings = Math.round((hours * 60) / RECORDING_MIN);
  const perRecording = RECORDING_MIN / CHAPTER_EVERY_MIN;
  const user = db.prepare(
    "INSERT INTO users (usercode, username, password_hash, role, groupcode, functions, created_at) VALUES (?, ?, 'x', 'user', '', '[]', ?)",
  );
  const rec =
    db.prepare(`INSERT INTO recordings (title, name, usercode, useraccount, source, album_id, dir, state, starttime, stoptime, duration_ms)
    VALUES (?, ?, ?, ?, 'Room 1', ?, ?, 'done', ?, ?, ?)`);
  const file = db.prepare(
    'INSERT INTO recording_files (recording_id, channel, filepath, title, filesize, starttime, duration_ms) VALUES (?, 10, ?, ?, 2e9, ?, ?)',
  );
  const chapter = db.prepare(
    "INSERT INTO chapters (recording_id, kind, position_ms, title, text, text_state, thumb) VALUES (?, 'slide', ?, ?, ?, 'done', '')",
  );
  const track = db.prepare(
    "INSERT INTO caption_tracks (recording_id, language, label, origin, reviewed, updated) VALUES (?, 'en', '', 'imported', 1, '2020-01-01 00:00:00')",
  );
  const cue = db.prepare('INSERT INTO caption_cues (track_id, start_ms, end_ms, text) VALUES (?, ?, ?, ?)');
  let cues = 0;
  db.transaction(() => {
    for (let u = 0; u < 50; u++) user.run(`u${u}`, `User ${u}`, new Date().toISOString());
    const shared = db
      .prepare("INSERT INTO albums (name, share, createtime) VALUES ('Shared', 1, '2020-01-01 00:00:00')")
      .run().lastInsertRowid;
    for (let i = 0; i < recordings; i++) {
      const start = Date.parse('2020-01-01T08:00:00Z') + i * 3_600_000 * 3;
      const t = new Date(start).toISOString().slice(0, 19).replace('T', ' ');
      const name = t.replace(/[-:]/g, '').replace(' ', '-');
      const dir = join(dataDir, 'media', 'recordings', name);
      const ms = RECORDING_MIN * 60_000;
      const id = rec.run(
        `Lecture ${words(3)} ${t}`,
        name,
        `u${i % 50}`,
        `u${i % 50}`,
        i % 10 === 0 ? shared : 1,
        dir,
        t,
        t,
        ms,
      ).lastInsertRowid;
      file.run(id, join(dir, `Room_${name}_HD.mp4`), `Room ${t} HD`, t, ms);
      for (let c = 0; c < perRecording; c++) {
        const text = `${words(20 + Math.floor(rnd() * 20))}${i % 500 === 7 && c === 3 ? ` ${RARE.join(' ')}` : ''}`;
        chapter.run(id, c * CHAPTER_EVERY_MIN * 60_000, words(3 + Math.floor(rnd() * 4)), text);
      }
      if (i % Math.round(1 / CAPTIONED) === 3) {
        const trackId = track.run(id).lastInsertRowid;
        for (let at = 0; at + CUE_EVERY_MS <= ms; at += CUE_EVERY_MS) {
          const rare = at === 60_000 && i % 50 === 3 ? ` ${RARE[2]}` : '';
          cue.run(trackId, at, at + CUE_EVERY_MS - 500, `${words(6 + Math.floor(rnd() * 10))}${rare}`);
          cues++;
        }
      }
    }
  })();
  db.close();
  return { ms: performance.now() - t0, recordings, chapters: recordings * perRecording, cues };
}

const pct = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];

for (const hours of HOURS) {
  const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-bench-search-'));
  const seeded = seed(dataDir, hours);
  const svc = await startService({ DATA_DIR: dataDir });
  try {
    console.log(
      `\n${hours.toLocaleString('en')} hours: ${seeded.recordings.toLocaleString('en')} recordings, ${seeded.chapters.toLocaleString('en')} chapters, ${seeded.cues.toLocaleString('en')} caption cues (seeded in ${(seeded.ms / 1000).toFixed(1)} s); ${REQUESTS} sequential searches each:`,
    );
    console.log('| search | hits (total) | p50 | p99 | max |\n|---|---|---|---|---|');
    const cases = [
      ['a rare English word', RARE[0], svc.session],
      ['a common English word', 'energy', svc.session],
      ['a rare Chinese term (4 characters)', RARE[1], svc.session],
      ['a common Chinese term (4 characters)', TERMS.find((t) => [...t].length === 4), svc.session],
      ['two Chinese characters', TERMS.find((t) => [...t].length === 2), svc.session],
      ['two Latin letters', 'qu', svc.session],
      ['one Chinese character (a scan)', '磁', svc.session],
      ['a rare word of a caption cue', RARE[2], svc.session],
      ['a common word, viewer without a session', 'energy', undefined],
    ];
    for (const [label, query, session] of cases) {
      const times = [];
      let total = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const res = await svc.call('searchmedia', { query, pagesize: 20 }, session);
        times.push(performance.now() - t0);
        if (!res.result) throw new Error(`${label}: ${res.message}`);
        total = res.data.total;
      }
      times.sort((a, b) => a - b);
      const f = (ms) => `${ms.toFixed(1)} ms`;
      console.log(
        `| ${label} ("${query}") | ${total}${total >= 1000 ? '+' : ''} | ${f(pct(times, 0.5))} | ${f(pct(times, 0.99))} | ${f(times.at(-1))} |`,
      );
    }
  } finally {
    await svc.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
