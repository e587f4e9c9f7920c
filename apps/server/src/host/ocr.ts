import type { OcrLanguage } from '@roomcast/contract';
import type { CommandRunner } from './command-runner.js';

/** A slide that takes longer than this is given up (its chapter keeps no text): seconds of a busy 2-core box. */
const OCR_TIMEOUT_MS = 60_000;

/**
 * The text on a picture (a slide's JPEG), read by Tesseract (Debian's `tesseract-ocr` with its eng, chi_sim and
 * chi_tra data). One thread (OMP_THREAD_LIMIT) in the idle scheduling class (`chrt --idle 0`, util-linux: it runs
 * only on CPU time nothing else wants, which nice 19 does not promise), so it never takes the encoder's time; page segmentation 3 (automatic, a slide's blocks in reading order) and Sauvola's local threshold: a slide's
 * dark title bar over a light body defeats the one global threshold of the default (measured: the titles were lost).
 */
export function readPictureText(run: CommandRunner, picture: string, languages: OcrLanguage): Promise<string> {
  const args = ['--idle', '0', 'tesseract', picture, 'stdout', '-l', languages, '--psm', '3', '-c', 'thresholding_method=2'];
  return run.run('chrt', args, { timeoutMs: OCR_TIMEOUT_MS, env: { OMP_THREAD_LIMIT: '1' } });
}
