import type { OcrLanguage } from '@roomcast/contract';
import type { CommandRunner } from './command-runner.js';

/**
 * A slide whose reading has used this much CPU is given up (its chapter keeps no text): about 50 times a slide's
 * (bench/ocr-quality.mjs: median 0.59 s). Counted in CPU time by the kernel (RLIMIT_CPU, SIGXCPU), not on the wall:
 * in the idle scheduling class Tesseract waits as long as the encoder and the rest keep the cores busy, and a wall
 * clock limit gave up slides the box was merely too busy to read yet (a whole test suite beside it did so).
 */
const OCR_CPU_SECONDS = 30;
/** A reading that neither ends nor uses CPU (a hung tool) is killed after this long on the wall. */
const OCR_WALL_TIMEOUT_MS = 15 * 60_000;

/**
 * The text on a picture (a slide's JPEG), read by Tesseract (Debian's `tesseract-ocr` with its eng, chi_sim and
 * chi_tra data). One thread (OMP_THREAD_LIMIT) in the idle scheduling class (`chrt --idle 0`, util-linux: it runs
 * only on CPU time nothing else wants, which nice 19 does not promise), so it never takes the encoder's time; its CPU
 * time bounded by `prlimit --cpu` (util-linux); page segmentation 3 (automatic, a slide's blocks in reading order) and
 * Sauvola's local threshold: a slide's dark title bar over a light body defeats the one global threshold of the
 * default (measured: the titles were lost). `signal` stops it (the service stopping).
 */
export function readPictureText(run: CommandRunner, picture: string, languages: OcrLanguage, signal?: AbortSignal): Promise<string> {
  const tesseract = ['tesseract', picture, 'stdout', '-l', languages, '--psm', '3', '-c', 'thresholding_method=2'];
  const args = [`--cpu=${OCR_CPU_SECONDS}`, '--', 'chrt', '--idle', '0', ...tesseract];
  return run.run('prlimit', args, { timeoutMs: OCR_WALL_TIMEOUT_MS, env: { OMP_THREAD_LIMIT: '1' }, signal });
}
