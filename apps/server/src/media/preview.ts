import { KeyframeJpegs } from './keyframe-jpegs.js';
import type { TsFanout } from './ts-fanout.js';

/** Width of the confidence monitor's preview (the height keeps the picture's aspect ratio). */
export const PREVIEW_WIDTH = 640;
/** A preview is taken at most this often, however many watch it. */
export const PREVIEW_EVERY_MS = 1000;
/** An older cached picture is not answered without waiting for a new one. */
const PREVIEW_MAX_AGE_MS = 5000;

/**
 * The confidence monitor's picture: a JPEG of the composed HD picture, taken on demand from the HD fan-out (no
 * second encode) at most once a second and shared by every watcher, by a decoder of its keyframes that runs while
 * pictures are asked for (`keyframe-jpegs.ts`). A watcher gets the cached JPEG at once when there is one and a newer
 * one is taken in the background once it is a second old, so a page refreshing every second sees ~1 fps without
 * waiting for a keyframe each time.
 */
export class PicturePreview {
  private cached: { jpeg: Buffer; at: number } | undefined;
  private taking: Promise<Buffer | undefined> | undefined;
  private generation = 0;
  private readonly decoder: KeyframeJpegs | undefined;
  private readonly grab: (fanout: TsFanout, width: number) => Promise<Buffer | undefined>;

  /** `grab`: where pictures come from instead of the keyframe decoder (tests). */
  constructor(
    private readonly fanout: TsFanout,
    private readonly running: () => boolean,
    private readonly now: () => number = Date.now,
    grab?: (fanout: TsFanout, width: number) => Promise<Buffer | undefined>,
  ) {
    this.decoder = grab ? undefined : new KeyframeJpegs(fanout, PREVIEW_WIDTH);
    this.grab = grab ?? (() => this.decoder!.next());
  }

  /** Forgets the picture and stops the decoder (the encoder stopped or restarted with another plan). */
  invalidate(): void {
    this.cached = undefined;
    this.generation++;
    this.decoder?.stop();
  }

  /** The latest picture, or undefined while the encoder is not running (or no picture came out). */
  async get(): Promise<Buffer | undefined> {
    if (!this.running()) {
      this.invalidate();
      return undefined;
    }
    const cached = this.cached;
    if (cached && this.now() - cached.at < PREVIEW_EVERY_MS) return cached.jpeg;
    const next = this.take();
    // A picture that no newer one replaced for a while (the decoder failing) is not shown as the current one.
    return cached && this.now() - cached.at < PREVIEW_MAX_AGE_MS ? cached.jpeg : next;
  }

  private take(): Promise<Buffer | undefined> {
    if (this.taking) return this.taking;
    const generation = this.generation;
    this.taking = this.grab(this.fanout, PREVIEW_WIDTH)
      .catch(() => undefined)
      .then((jpeg) => {
        if (jpeg && generation === this.generation) this.cached = { jpeg, at: this.now() };
        return jpeg;
      })
      .finally(() => {
        this.taking = undefined;
      });
    return this.taking;
  }
}
