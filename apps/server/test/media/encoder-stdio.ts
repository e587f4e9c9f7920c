import { ENCODER_PROGRESS_FD } from '../../src/media/encoder-args.js';
import { HARMLESS } from '../../src/media/encoder.js';

export { ENCODER_PROGRESS_FD };
/** The composite encoder's stdio as the service opens it (`Encoder`): stdout and pipes 3 to the progress fd. */
export const ENCODER_STDIO: ('ignore' | 'pipe')[] = ['ignore', ...Array<'pipe'>(ENCODER_PROGRESS_FD).fill('pipe')];

/** ffmpeg's stderr without the lines the service also ignores (`Encoder`'s HARMLESS). */
export const withoutHarmless = (stderr: string) =>
  stderr
    .split('\n')
    .filter((line) => !HARMLESS.test(line))
    .join('\n');
