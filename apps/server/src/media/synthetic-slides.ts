/** Frames a second the synthetic slides are drawn at: a slide is still, and an encode repeats frames up to its own rate. */
export const SLIDES_FPS = 5;
/** The size they are drawn at, whatever slot shows them: every encode draws the same picture (slide-watch.ts compares them). */
export const SLIDES_WIDTH = 1280;
export const SLIDES_HEIGHT = 720;

/**
 * The synthetic slides (`"hdmi3": "slides:10"` in DATA_DIR/sources.json) are a plain background input
 * (`slidesInput`) on which each filter graph that uses it draws a slide (`slidesDraw`: a title bar with one of
 * SLIDE_TITLES, English and Chinese, a white content block, "SLIDE n" in it) that changes every `seconds`, at the instants where the wall clock is a multiple of `seconds` since
 * the epoch. Drawn in the filter graph and not in the input: ffmpeg reads an input ahead of its use (up to 8 frames,
 * 1.6 s at 5 fps, while it waits for the others), and a picture drawn then would show the slide of 1.6 s before.
 * Tied to the wall clock (`RTCTIME`) and not to the process's start, so every encode (restarted at any time) shows
 * the same slide at the same moment, as one real input would. The content block moves between three places, so a
 * change is a large scene change (a score of about 50 %), like a real slide change.
 */
export function slidesInput(fps = SLIDES_FPS): string {
  return `color=c=0x1E2A38:size=${SLIDES_WIDTH}x${SLIDES_HEIGHT}:rate=${fps}`;
}

/** The filters drawing the slide on `slidesInput`'s frames (at `fps`, the input's rate), as a filter chain. */
export function slidesDraw(o: { seconds: number; fps?: number }): string {
  const fps = o.fps ?? SLIDES_FPS;
  const n = Math.max(1, Math.round(o.seconds));
  const variant = (k: number, of = 3) => `enable='eq(mod(floor(t/${n})\\,${of})\\,${k})'`;
  const text = (at: string, size: number) => `:${at}:fontsize=${size}:fontcolor=0x1E2A38:font='${SLIDES_FONT}'`;
  const box = (x: number, y: number, w: number, h: number, more = '') =>
    `drawbox=x=iw*${x}:y=ih*${y}:w=iw*${w}:h=ih*${h}:color=white:t=fill${more ? `:${more}` : ''}`;
  return [
    // The frame's time becomes the wall clock, so `t` below is seconds since the epoch...
    'setpts=RTCTIME/(1000000*TB)',
    'drawbox=x=0:y=0:w=iw:h=ih*0.16:color=0xF2C14E:t=fill',
    box(0.06, 0.24, 0.5, 0.68, variant(0)),
    box(0.44, 0.24, 0.5, 0.68, variant(1)),
    box(0.06, 0.5, 0.88, 0.42, variant(2)),
    ...SLIDE_TITLES.map(
      (title, k) =>
        `drawtext=text='${title}'${text('x=w*0.04:y=h*0.035', Math.round(SLIDES_HEIGHT / 12))}:${variant(k, SLIDE_TITLES.length)}`,
    ),
    // The slide's number inside the white block, wherever it is.
    ...[0.06, 0.44, 0.06].map(
      (x, k) =>
        `drawtext=text='SLIDE %{eif\\:mod(floor(t/${n})\\,100)\\:d}'${text(`x=w*${x + 0.03}:y=h*0.8`, Math.round(SLIDES_HEIGHT / 16))}:${variant(k)}`,
    ),
    // ...and then counts from zero again at the input's rate, as the input's own timestamps did.
    `setpts=N/(${fps}*TB)`,
  ].join(',');
}

/**
 * The titles the synthetic slides show in turn (slide k of the epoch has title k mod 4): known text, English and
 * Simplified Chinese, for OCR's tests and its benchmark (bench/ocr-quality.mjs). Plain words: no quote or colon,
 * which a filter graph would need escaped.
 */
export const SLIDE_TITLES = ['Photosynthesis and light', '光合作用的过程', 'Cell structure and function', '细胞的结构与功能'] as const;
/** Drawn with Noto Sans CJK (fontconfig), which has the Latin letters and the Chinese characters. */
const SLIDES_FONT = 'Noto Sans CJK SC';

/** What a synthetic slides source changing every `seconds` shows at `at` (epoch ms): its title and its number. */
export function syntheticSlideAt(seconds: number, at: number): { title: string; number: number } {
  const k = Math.floor(at / 1000 / Math.max(1, Math.round(seconds)));
  return { title: SLIDE_TITLES[k % SLIDE_TITLES.length]!, number: k % 100 };
}

/** The instant (epoch ms) of the next slide change of a synthetic slides source changing every `seconds`, after `now`. */
export function nextSlideChange(seconds: number, now = Date.now()): number {
  const period = Math.max(1, Math.round(seconds)) * 1000;
  return Math.floor(now / period) * period + period;
}
