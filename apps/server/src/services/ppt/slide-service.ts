import type { Encoder } from '../../media/encoder.js';
import { sourceFor } from '../../media/plan-from-settings.js';
import { SlideWatch, type SlideEvent, type SlideWatchPlan } from '../../media/slide-watch.js';
import type { Clock } from '../core/index.js';
import type { LayoutService } from '../layout/index.js';
import type { SettingsService } from '../settings/index.js';

export interface SlideServiceDeps {
  settings: SettingsService;
  /** The composite encoder: the slides are watched only while it is wanted (recording, live, an output). */
  encoder: Pick<Encoder, 'on' | 'wanted'>;
  /** DATA_DIR/sources.json: capture devices by source name. */
  devices: () => Record<string, string>;
  layouts: Pick<LayoutService, 'showSlidesFirst' | 'endSlidesFirst'>;
  clock: Clock;
  log: (line: string) => void;
  /** The watcher (tests and the benchmark pass one they can observe). */
  watch?: SlideWatch;
  /** 4K mode (web config `site.mode4k`): the box has no slide switching or push, whatever setting_ppt says. */
  mode4k?: boolean;
}

/** The latest slide the watcher saw: its JPEG and a number that grows with every new one. */
export interface LatestSlide {
  jpeg: Buffer;
  n: number;
  at: number;
}

const on = (v: string | undefined) => v === 'true';

/**
 * Slides (setting_ppt, docs/media-engine.md "Slides"): watches the slides channel (`slidechannel`) with the slide
 * watcher while the composite encoder is wanted and switching or push is on. A new slide switches the output to
 * the slides-first layout for `switchduration` seconds (the layout domain's one layout path) when `switchenable`
 * is on, and becomes the latest slide that ppt.html shows while `pushenable` is on.
 */
export function slideService(d: SlideServiceDeps) {
  const watch = d.watch ?? new SlideWatch(() => d.clock.now());
  const ppt = () => d.settings.raw('setting_ppt');
  const pushEnabled = () => !d.mode4k && on(ppt().pushenable);
  let latest: LatestSlide | undefined;
  let count = 0;
  /** ppt.html's event streams: each new slide, and undefined when push is turned off (they close). */
  const listeners = new Set<(slide: LatestSlide | undefined) => void>();

  /** What to watch now, or undefined: nothing encodes, both features are off, or the channel has no input. */
  const wanted = (): SlideWatchPlan | undefined => {
    const p = ppt();
    if (d.mode4k || !d.encoder.wanted || !(on(p.switchenable) || on(p.pushenable))) return undefined;
    const letter = p.slidechannel || 'C';
    const video = d.settings.raw('setting_video_input');
    const source = sourceFor(letter, video[`channel${letter}`] ?? '', video, d.devices());
    return source ? { source, thresholdPercent: Number(p.switchdiff) || 10 } : undefined;
  };
  const reconcile = () => {
    const plan = wanted();
    if (plan) void watch.watch(plan);
    else void watch.stop();
    // Switching turned off (or nothing to watch any more): the slides-first layout, if shown, goes at once.
    if (!plan || !on(ppt().switchenable)) d.layouts.endSlidesFirst();
  };

  watch.on('log', (line: string) => d.log(`[slides] ${line}`));
  watch.on('change', (e: SlideEvent) => {
    const p = ppt();
    if (d.mode4k || !on(p.switchenable) || !d.encoder.wanted) return;
    const seconds = Number(p.switchduration) || 10;
    const switched = d.layouts.showSlidesFirst(p.slidechannel || 'C', e.at + seconds * 1000);
    d.log(`slide switching: new slide (scene score ${e.scorePercent} %)${switched ? ', slides first' : ''} for ${seconds} s`);
  });
  watch.on('picture', (jpeg: Buffer, e: SlideEvent) => {
    latest = { jpeg, n: ++count, at: e.at };
    for (const listener of listeners) listener(latest);
  });
  d.encoder.on('start', reconcile);
  d.encoder.on('exit', () => {
    if (!d.encoder.wanted) reconcile();
  });
  d.settings.onWritten((code, changed) => {
    if ((code === 'setting_ppt' || code === 'setting_video_input') && changed.length) reconcile();
    if (code === 'setting_ppt' && !pushEnabled()) for (const listener of [...listeners]) listener(undefined);
  });

  return {
    /** Whether ppt.html is served (setting_ppt.pushenable; never in 4K mode). */
    pushEnabled,
    /** The latest slide, while push is on. */
    latest: () => (pushEnabled() ? latest : undefined),
    /** Calls `listener` with every new slide, and with undefined when push is turned off; returns the unsubscribe. */
    subscribe(listener: (slide: LatestSlide | undefined) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Looks again at what to watch (sources.json is read when watching starts). */
    reconcile,
    /** The watcher's process id while it runs (the benchmark measures its CPU). */
    watcherPid: () => watch.pid,
    /** Stops watching (app close). */
    halt: () => watch.stop(),
  };
}
export type SlideService = ReturnType<typeof slideService>;
