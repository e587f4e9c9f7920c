import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeApp } from './helpers.js';
import { seeder } from './recording-fixtures.js';

/**
 * listmedia's name search uses the trigram index (migration 007) for 3+ characters: the answers are exactly those
 * of the plain LIKE scan, also after renames and deletions (the triggers keep the index in sync).
 */
describe('name search: trigram index gives the LIKE scan results', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const seed = seeder(t);
  const titles = [
    'Chemistry 100% Lab',
    'chemistry_lab',
    'CHEMISTRY lecture',
    'Physik Übung',
    'physik übung',
    '物理实验 第一课',
    'Quote "marks" here',
    'ab',
    'Lab_ab%c',
  ];
  const ids = titles.map((title, i) =>
    seed.recording({
      usercode: 'admin',
      title,
      name: `20261101-0800${String(i).padStart(2, '0')}`,
      starttime: `2026-11-01 08:00:${String(i).padStart(2, '0')}`,
    }),
  );
  const db = new Database(join(t.dataDir, 'roomcast.db'), { readonly: true });
  const scan = (q: string) =>
    (
      db
        .prepare("SELECT id FROM recordings WHERE title LIKE ? ESCAPE '\\' OR name LIKE ? ESCAPE '\\' ORDER BY starttime DESC, id DESC")
        .pluck()
        .all(...Array(2).fill(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) as number[]
    ).map(String);
  const search = async (q: string) =>
    (
      (await t.post('listmedia', { usercode: '*', queryfields: { name: q }, pagesize: 100 }, admin)).body.data.rows as {
        recordid: string;
      }[]
    ).map((r) => r.recordid);
  const QUERIES = [
    'chem',
    'CHEMISTRY',
    '100%',
    '0% L',
    'y_l',
    'Übung',
    'übung',
    'ÜBUNG',
    '物理实',
    '实验',
    '"marks"',
    'ab',
    'b%c',
    'lab',
    '20261101',
    '0800',
    'nothing here',
  ];

  it('every query answers as the LIKE scan', async () => {
    for (const q of QUERIES) expect(await search(q), q).toEqual(scan(q));
    expect(await search('chem')).toHaveLength(3);
  });

  it('pages and counts a search as the scan does, also past its last page', async () => {
    const expected = scan('2026');
    const pageOf = async (currentpage: number) =>
      (await t.post('listmedia', { usercode: '*', queryfields: { name: '2026' }, currentpage, pagesize: 4 }, admin)).body.data as {
        rows: { recordid: string }[];
        total: number;
      };
    const pages = await Promise.all([1, 2, 3, 4].map(pageOf));
    expect(pages.map((p) => p.total)).toEqual(Array(4).fill(expected.length));
    expect(pages.flatMap((p) => p.rows.map((r) => r.recordid))).toEqual(expected);
    expect(pages[3]!.rows).toEqual([]);
  });

  it('renames and deletions are seen by the index', async () => {
    await t.post('updaterecord', { recordid: ids[0]!, title: 'Biology seminar' }, admin);
    await t.post('removerecord', { recordid: ids[2]! }, admin);
    for (const q of ['chem', 'Biology', 'seminar', 'lab']) expect(await search(q), q).toEqual(scan(q));
    expect(await search('Biology')).toEqual([String(ids[0])]);
    db.close();
    seed.close();
  });
});
