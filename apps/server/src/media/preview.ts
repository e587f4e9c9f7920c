import type { EncoderPlan } from './encoder-plan.js';
import { KeyframeJpegs } from './keyframe-jpegs.js';
import type { TsFanout } from './ts-fanout.js';

/** Width of the confidence monitor's preview (the height keeps the picture's aspect ratio). */
export const PREVIEW_WIDTH = 640;
/** A preview is taken at most this often, however many watch it. */
export const PREVIEW_EVERY_MS = 1000;
/** An older cached picture is not answered without waiting for a new one. */
const PREVIEW_MAX_AGE_MS = 5000;

/** Width of a plan's SD picture (`scale=-2:<height>` in encoder-args.ts), or 0 when it has none. */
export function sdWidthOf(plan: Pick<EncoderPlan, 'width' | 'height' | 'sub'>): number {
  return plan.sub ? Math.round((plan.width * plan.sub.height) / plan.height / 2) * 2 : 0;
}

/**
 * Which of an encode's fan-outs the preview decodes: the SD one when the plan encodes SD anyway and it is at least as
 * wide as the preview (a 360p keyframe decodes for about a ninth of a 1080p one; the same 640x360 picture, from
 * the SD bitrate), else the HD one (an SD picture scaled up would be soft; SD is never encoded for the preview).
 */
export function previewStream(plan: Pick<EncoderPlan, 'width' | 'height' | 'sub'> | undefined): 'hd' | 'sd' {
  return plan && sdWidthOf(plan) >= PREVIEW_WIDTH ? 'sd' : 'hd';
}

/**
 * The confidence monitor's picture: a JPEG of the composed picture, taken on demand from a fan-out (no second
 * encode; `previewStream` says which) at most once a second and shared by every watcher, by a decoder of its keyframes that runs while
 * pictures are asked for (`keyframe-jpegs.ts`). A watcher gets the cached JPEG at once when there is one and a newer
 * one is taken in the background once it is a second old, so a page refreshing every second sees ~1 fps without
 * waiting for a keyframe each time.
 */
export class PicturePreview {
  private cached: { jpeg: Buffer; at: number } | undefined;
  private taking: Promise<Buffer | undefined> | undefined;
  private generation = 0;
  /** A keyframe decoder a fan-out, started while pictures are asked for. */
  private readonly decoders = new Map<TsFanout, KeyframeJpegs>();
  private readonly grab: (fanout: TsFanout, width: number) => Promise<Buffer | undefined>;
  private readonly fanout: () => TsFanout;

  /** `fanout`: the one to decode, or which one now (asked for each picture); `grab`: where pictures come from instead of the keyframe decoder (tests). */
  constructor(
    fanout: TsFanout | (() => TsFanout),
    private readonly running: () => boolean,
    private readonly now: () => number = Date.now,
    grab?: (fanout: TsFanout, width: number) => Promise<Buffer | undefined>,
  ) {
    this.fanout = typeof fanout === 'function' ? fanout : () => fanout;
    this.grab = grab ?? ((f) => this.decoderOf(f).next());
  }

  /** Forgets the picture and stops the decoders (the encoder stopped or restarted with another plan). */
  invalidate(): void {
    this.cached = undefined;
    this.generation++;
    for (const d of this.decoders.values()) d.stop();
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
    const fanout = this.fanout();
    // The other fan-out's decoder (an earlier plan's) stops: one decoder at a time.
    for (const [f, d] of this.decoders) if (f !== fanout && d.running) d.stop();
    this.taking = this.grab(fanout, PREVIEW_WIDTH)
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

  private decoderOf(fanout: TsFanout): KeyframeJpegs {
    const known = this.decoders.get(fanout);
    if (known) return known;
    const d = new KeyframeJpegs(fanout, PREVIEW_WIDTH);
    this.decoders.set(fanout, d);
    return d;
  }
}
