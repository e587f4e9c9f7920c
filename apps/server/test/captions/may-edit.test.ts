import { describe, expect, it } from 'vitest';
import { makeApp } from '../helpers.js';
import { seeder } from '../recording-fixtures.js';

/**
 * listmedia (each row), listchapter and listcaption say whether the caller may change the recording (`mayedit`), so
 * the console offers renaming and deleting the recording and its files, moving it to an album, resyncing it,
 * renaming chapters and importing, editing and removing caption tracks only to those the service lets do it: not a
 * myrecord user looking at another user's recording in a shared album, nor a viewer without a session.
 */
describe('mayedit: who may change a recording, its chapters and captions', async () => {
  const t = await makeApp();
  const admin = await t.login();
  const seed = seeder(t);
  const shared = seed.album('Shared lectures', true);
  const owner = 'owner1';
  const ownerSession = await t.userWith(['myrecord'], owner, admin);
  const other = await t.userWith(['myrecord'], 'other1', admin);
  const viewer = await t.userWith(['album'], 'viewer1', admin);
  const recordid = seed.recording({
    usercode: owner,
    title: 'Genetics',
    name: 'genetics-1',
    starttime: '2026-11-20 09:00:00',
    album: shared,
  });
  seed.close();
  const mayedit = async (call: 'listchapter' | 'listcaption' | 'listmedia', session?: string) => {
    // listmedia by the album, as the album pages list it (an empty usercode then does not narrow to the caller's own).
    const body = call === 'listmedia' ? { albumid: shared } : { recordid };
    const res = await t.post(call, body, session);
    expect(res.body.result, JSON.stringify(res.body)).toBe(true);
    if (call !== 'listmedia') return res.body.data.mayedit as boolean;
    expect(res.body.data.rows.map((r: { recordid: string }) => r.recordid)).toEqual([String(recordid)]);
    return res.body.data.rows[0].mayedit as boolean;
  };

  it('is true for the owner and for allrecord, false for others who only see it in a shared album', async () => {
    for (const call of ['listchapter', 'listcaption', 'listmedia'] as const) {
      expect(await mayedit(call, ownerSession)).toBe(true);
      expect(await mayedit(call, admin)).toBe(true);
      expect(await mayedit(call, other)).toBe(false);
      expect(await mayedit(call, viewer)).toBe(false);
      expect(await mayedit(call)).toBe(false);
    }
  });

  it('agrees with what the service then allows', async () => {
    const vtt = 'WEBVTT\n\n00:00:00.000 --> 00:00:00.500\nHello\n';
    const refused = await t.post('importcaption', { recordid, language: 'en', format: 'vtt', text: vtt }, other);
    // As one that does not exist: another user's recording is not theirs to change.
    expect(refused.body).toMatchObject({ result: false, message: `Recording ${recordid} does not exist.` });
    for (const [call, body] of [
      ['updaterecord', { recordid, title: 'Mine now' }],
      ['removerecord', { recordid }],
    ] as const) {
      expect((await t.post(call, body, other)).body).toMatchObject({ result: false, message: `Recording ${recordid} does not exist.` });
    }
  });
});
