import { expect, type Locator, type Page } from '@playwright/test';
import { chooseOption } from '../support/select';
import { motionDone } from '../support/settle';
import { callAsBrowser } from './users.page';

/** A caption track as listcaption answers it. */
export interface ListedTrack {
  id: string;
  language: string;
  label: string;
  origin: 'imported' | 'edited' | 'recognizer';
  reviewed: boolean;
  updated: string;
  cues: number;
  files: { part: number; url: string }[];
}

export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** The caption tracks of a recording as the service lists them, through the browser's session. */
export async function listTracks(page: Page, recordid: string): Promise<ListedTrack[]> {
  const res = await callAsBrowser<{ tracks: ListedTrack[] }>(page, 'listcaption', { recordid });
  expect(res.envelope.message).toBe('');
  return res.envelope.data?.tracks ?? [];
}

/** A track's cues as the service keeps them. */
export async function trackCues(page: Page, id: string): Promise<Cue[]> {
  const res = await callAsBrowser<{ cues: Cue[] }>(page, 'getcaption', { id });
  expect(res.envelope.message).toBe('');
  return res.envelope.data?.cues ?? [];
}

/** `HH:MM:SS.mmm`, as a WebVTT file writes a time. */
export function vttTime(ms: number): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** Cues as a WebVTT file. */
export function webVtt(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${cues.map((c) => `${vttTime(c.start)} --> ${vttTime(c.end)}\n${c.text}\n`).join('\n')}`;
}

/** Cues as an SRT file (numbered, commas in the times). */
export function srt(cues: readonly Cue[]): string {
  return cues
    .map((c, i) => `${i + 1}\n${vttTime(c.start).replace('.', ',')} --> ${vttTime(c.end).replace('.', ',')}\n${c.text}\n`)
    .join('\n');
}

/** The recording detail page's Captions section, its import dialog and the caption editor, in English. */
export class CaptionsPage {
  readonly section: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly importButton: Locator;
  readonly dialog: Locator;
  readonly problem: Locator;
  readonly editor: Locator;
  readonly cueRows: Locator;
  readonly editorProblem: Locator;

  constructor(readonly page: Page) {
    this.section = page.getByTestId('captions-section');
    this.table = page.getByTestId('caption-table');
    this.rows = this.table.locator('tr.ant-table-row');
    this.importButton = this.section.getByRole('button', { name: 'Import captions' });
    this.dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('import-caption-form') });
    this.problem = page.getByTestId('import-problem');
    this.editor = page.locator('.ant-drawer').filter({ has: page.getByTestId('cue-table') });
    this.cueRows = page.getByTestId('cue-table').locator('tr.ant-table-row');
    this.editorProblem = page.getByTestId('caption-problem');
  }

  async goto(recordid: string): Promise<void> {
    await this.page.goto(`/console/file/video/detail?id=${recordid}`);
    await expect(this.section).toBeVisible();
    await expect(this.table.locator('.ant-spin-spinning')).toHaveCount(0);
  }

  /** A track's row, by what it shows (its label or language). */
  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  /** Opens the import dialog, chooses a file (named `name`, holding `text`), a language and a label. */
  async fillImport(name: string, text: string, language?: string, label?: string): Promise<void> {
    if (!(await this.dialog.isVisible())) {
      await this.importButton.click();
      await expect(this.dialog).toBeVisible();
    }
    await this.dialog.getByTestId('caption-file-input').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
    await expect(this.dialog.getByTestId('caption-file-name')).toHaveText(name);
    if (language) await chooseOption(this.page, this.dialog.locator('.ant-select'), language);
    if (label !== undefined) await this.dialog.getByLabel('Label').fill(label);
  }

  async submitImport(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Import', exact: true }).click();
  }

  toast(text: string | RegExp): Locator {
    return this.page.locator('.ant-message-notice', { hasText: text });
  }

  /** Opens a track in the editor from its row and waits for its cues. */
  async openEditor(rowText: string): Promise<void> {
    await this.row(rowText)
      .getByRole('button', { name: /^Edit / })
      .click();
    await expect(this.editor).toBeVisible();
    await expect(this.cueRows.first()).toBeVisible();
    await motionDone(this.page);
  }

  cueText(n: number): Locator {
    return this.editor.getByRole('textbox', { name: `Text of cue ${n}`, exact: true });
  }

  cueStart(n: number): Locator {
    return this.editor.getByRole('textbox', { name: `Start of cue ${n}`, exact: true });
  }

  cueEnd(n: number): Locator {
    return this.editor.getByRole('textbox', { name: `End of cue ${n}`, exact: true });
  }

  cueButton(action: 'Split' | 'Join with next:' | 'Delete', n: number): Locator {
    return this.editor.getByRole('button', { name: `${action} cue ${n}`, exact: true });
  }

  /** Shifts all cues (or the chosen ones) by `ms`. */
  async shift(ms: number): Promise<void> {
    await this.editor.getByLabel(/^Shift by/).fill(String(ms));
    await this.editor.getByRole('button', { name: /^Shift (all|\d+ chosen) cues$/ }).click();
  }

  async save(): Promise<void> {
    await this.editor.getByRole('button', { name: 'Save' }).click();
  }
}

/** The captions choice under a player's video, and the video's text tracks. */
export class PlayerCaptions {
  readonly select: Locator;

  constructor(
    readonly page: Page,
    readonly video: Locator,
  ) {
    this.select = page.getByTestId('caption-select');
  }

  async choose(name: string): Promise<void> {
    await chooseOption(this.page, this.select.locator('.ant-select'), name);
  }

  /** Each `<track>`'s language, mode and number of cues loaded. */
  tracks(): Promise<{ language: string; mode: string; cues: number }[]> {
    return this.video.evaluate((v: HTMLVideoElement) =>
      Array.from(v.textTracks).map((t) => ({ language: t.language, mode: t.mode, cues: t.cues?.length ?? 0 })),
    );
  }

  /** The text of the cues showing at `seconds` of the playing file (the video paused there). */
  async activeAt(seconds: number): Promise<string[]> {
    await this.video.evaluate((v: HTMLVideoElement, at) => {
      v.muted = true;
      v.pause();
      v.currentTime = at;
    }, seconds);
    return this.video.evaluate((v: HTMLVideoElement) =>
      Array.from(v.textTracks).flatMap((t) => (t.mode === 'showing' ? Array.from(t.activeCues ?? []).map((c) => (c as VTTCue).text) : [])),
    );
  }
}
