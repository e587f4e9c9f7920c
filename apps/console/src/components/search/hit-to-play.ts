import type { CallData } from '@roomcast/contract';
import { call } from '../../api/client';
import { showApiError } from '../../api/hooks';
import i18n from '../../app/i18n';
import { toastWarning } from '../../app/toast';
import { hitFile } from './search-format';

export type SearchHit = CallData<'searchmedia'>['rows'][number];
export type HitRecording = CallData<'listmedia'>['rows'][number];
export type HitFile = HitRecording['files'][number];

/** What the player is given for a hit: the recording with its files, the part file and the seconds into it. */
export interface HitToPlay {
  recording: HitRecording;
  file: HitFile;
  startSeconds: number;
}

/**
 * The recording of a hit read again (listmedia by its id, as the page lists it: `usercode`, the album), and the file
 * and moment the hit plays from: its part of the file the page's player plays first (`mainFile`), at its offset.
 * Undefined, after a warning, when it cannot be played (no file, or gone since the search).
 */
export async function hitToPlay(
  hit: SearchHit,
  list: { usercode: string; albumid?: number },
  mainFile: (recording: HitRecording) => HitFile | undefined,
): Promise<HitToPlay | undefined> {
  let recording: HitRecording | undefined;
  try {
    recording = (await call('listmedia', { ...list, recordid: hit.recordid, currentpage: 1, pagesize: 1 })).rows[0];
  } catch (err) {
    showApiError(err);
    return undefined;
  }
  const file = recording && hitFile(recording.files, mainFile(recording), hit.part);
  if (!recording || !file) {
    toastWarning(i18n.t('notPlayable', { ns: 'search' }));
    return undefined;
  }
  return { recording, file, startSeconds: hit.offset / 1000 };
}
