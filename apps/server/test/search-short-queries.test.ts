import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/open.js';
import { createRepositories } from '../src/db/repositories/index.js';
import { isBigram, searchBigrams } from '../src/db/search-bigrams.js';

/**
 * Searches of one and two characters (migration 020): two letters or digits are looked up in the two-character
 * indexes, found exactly where a scan of every text finds them; the indexes follow inserts, edits and removals.
 */
describe('searches: the two-character indexes, and where the walks stop', () => {
  const db = openDatabase(':memory:');
  const repos = createRepositories(db);
  const all = { kind: 'all' } as const;
  const search = (text: string) =>
    repos.search.search({ visibility: all, text, limit: 50, offset: 0 }).rows.map((r) => `${r.kind}:${r.recording_id}:${r.position_ms}`);

  function recording(title: string): number {
    const id = repos.recordings.insert({
      title,
      name: `n${title.length}-${Math.random()}`,
      usercode: 'admin',
      useraccount: 'admin',
      source: 'Room',
      dir: '/tmp/none',
      starttime: '2026-11-28 09:00:00',
      schedule_id: null,
    });
    db.prepare("UPDATE recordings SET state = 'done', duration_ms = 600000 WHERE id = ?").run(id);
    return id;
  }
  const a = recording('細胞生物學 第一講');
  const b = recording('AI and energy');
  const chapter = repos.chapters.add({ recording_id: a, kind: 'slide', position_ms: 1000, title: '', text_state: 'pending', thumb: '' });
  repos.chapters.setText(chapter, '细胞结构与功能\nCell structure', '细胞结构与功能', 'done');
  repos.chapters.add({ recording_id: b, kind: 'mark', position_ms: 2000, title: 'Q&A: 能量', text_state: 'none', thumb: '' });
  repos.captions.put(
    { recording_id: b, language: 'zh-Hans', label: '', origin: 'imported', reviewed: false, updated: '2026-11-28 10:00:00' },
    [
      { start: 3000, end: 4000, text: '今天讲能量守恒' },
      { start: 5000, end: 6000, text: 'Energy is conserved.' },
    ],
  );

  it('makes the pairs of neighbouring letters or digits of each word', () => {
    expect(searchBigrams('细胞结构 Cell-2 x')).toBe('细胞 胞结 结构 ce el ll');
    expect(isBigram('细胞')).toBe(true);
    expect(isBigram('AI')).toBe(true);
    expect(isBigram('a ')).toBe(false);
    expect(isBigram('光')).toBe(false);
  });

  it('finds two Chinese characters in titles, chapters and caption cues, as the scan does', () => {
    expect(search('细胞')).toEqual([`chapter:${a}:1000`]);
    expect(search('細胞')).toEqual([`title:${a}:0`]);
    expect(search('能量')).toEqual([`chapter:${b}:2000`, `caption:${b}:3000`]);
  });

  it('finds two Latin letters inside words, whatever their case, with the match marked', () => {
    expect(search('ai')).toEqual([`title:${b}:0`]);
    expect(search('En')).toEqual([`title:${b}:0`, `caption:${b}:5000`]);
    const hit = repos.search.search({ visibility: all, text: 'rg', limit: 5, offset: 0 }).rows[0]!;
    expect(hit.snippet).toBe('AI and ene\u0002rg\u0003y');
  });

  it('one character, or two with a sign, is still found by the scan', () => {
    expect(search('光')).toEqual([]);
    expect(search('守')).toEqual([`caption:${b}:3000`]);
    expect(search('Q&')).toEqual([`chapter:${b}:2000`]);
  });

  it('follows renames, edits and removals (the recording and its children)', () => {
    repos.recordings.rename(b, 'Machine learning');
    expect(search('ai')).toEqual([]);
    expect(search('ni')).toEqual([`title:${b}:0`]);
    repos.chapters.setTitle(chapter, '线粒体');
    expect(search('粒体')).toEqual([`chapter:${a}:1000`]);
    repos.recordings.remove(b);
    expect(search('能量')).toEqual([]);
    expect(db.prepare('SELECT count(*) FROM caption_cues_bigrams WHERE caption_cues_bigrams MATCH \'"能量"\'').pluck().get()).toBe(0);
  });

  it('a full page with the count at its cap is the answer: titles, then chapters, the count 1000 and more', () => {
    const c = recording('Genetics');
    for (let i = 0; i < 1001; i++) {
      repos.chapters.add({ recording_id: c, kind: 'mark', position_ms: i * 1000, title: `gene ${i}`, text_state: 'none', thumb: '' });
    }
    repos.captions.put(
      { recording_id: c, language: 'en', label: '', origin: 'imported', reviewed: false, updated: '2026-11-28 10:00:00' },
      [{ start: 0, end: 1000, text: 'A gene.' }],
    );
    const page = repos.search.search({ visibility: all, text: 'gene', limit: 5, offset: 0 });
    expect(page).toMatchObject({ total: 1000, more: true });
    expect(page.rows.map((r) => r.kind)).toEqual(['title', 'chapter', 'chapter', 'chapter', 'chapter']);
    // The newest chapters first.
    expect(page.rows[1]!.position_ms).toBe(1_000_000);
  });
});
