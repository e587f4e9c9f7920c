/** Frames a second the synthetic slides are drawn at: a slide is still, and an encode repeats frames up to its own rate. */
export const SLIDES_FPS = 5;

/**
 * The synthetic slides source (`"hdmi3": "slides:10"` in DATA_DIR/sources.json): a lavfi graph drawing a slide
 * (title bar "SLIDE n", a white content block) that changes every `seconds`, at the instants where the wall
 * clock is a multiple of `seconds` since the epoch. Tied to the wall clock (`RTCTIME`) and not to the process's
 * start, so every process that draws it (the composite encoder, the slide watcher, both restarted at any time)
 * shows the same slide at the same moment, as one real input would. The content block moves between three
 * places, so a change is a large scene change (a score of about 50 %), like a real slide change.
 */
export function slidesGraph(o: { width: number; height: number; seconds: number; fps?: number }): string {
  const fps = o.fps ?? SLIDES_FPS;
  const n = Math.max(1, Math.round(o.seconds));
  const variant = (k: number) => `enable='eq(mod(floor(t/${n})\\,3)\\,${k})'`;
  const box = (x: number, y: number, w: number, h: number, more = '') =>
    `drawbox=x=iw*${x}:y=ih*${y}:w=iw*${w}:h=ih*${h}:color=white:t=fill${more ? `:${more}` : ''}`;
  return [
    `color=c=0x1E2A38:size=${o.width}x${o.height}:rate=${fps}`,
    // The frame's time becomes the wall clock, so `t` below is seconds since the epoch...
    'setpts=RTCTIME/(1000000*TB)',
    'drawbox=x=0:y=0:w=iw:h=ih*0.16:color=0xF2C14E:t=fill',
    box(0.06, 0.24, 0.5, 0.68, variant(0)),
    box(0.44, 0.24, 0.5, 0.68, variant(1)),
    box(0.06, 0.5, 0.88, 0.42, variant(2)),
    `drawtext=text='SLIDE %{eif\\:mod(floor(t/${n})\\,100)\\:d}':x=w*0.04:y=h*0.03:fontsize=${Math.max(8, Math.round(o.height / 10))}:fontcolor=0x1E2A38`,
    // ...and then counts from zero again at the source's rate, as every other input of an encode does.
    `setpts=N/(${fps}*TB)`,
  ].join(',');
}

/** The instant (epoch ms) of the next slide change of a synthetic slides source changing every `seconds`, after `now`. */
export function nextSlideChange(seconds: number, now = Date.now()): number {
  const period = Math.max(1, Math.round(seconds)) * 1000;
  return Math.floor(now / period) * period + period;
}
