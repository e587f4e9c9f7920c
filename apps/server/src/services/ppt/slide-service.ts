import type { Encoder } from '../../media/encoder.js';
import type { MediaEngine } from '../../media/media-engine.js';
import type { SlidesPlan } from '../../media/slide-branch.js';
import { SlideWatch, type SlideEvent } from '../../media/slide-watch.js';
import type { Clock } from '../core/index.js';
import type { LayoutService } from '../layout/index.js';
import type { SettingsService } from '../settings/index.js';

export interface SlideServiceDeps {
  settings: SettingsService;
  /** The composite encoder: its runs carry the slides branch (its 'slides' event); slides are seen only while it is wanted. */
  encoder: Pick<Encoder, 'on' | 'wanted'>;
  /** The media engine's slide detection: what to detect on, and re-planning when that changed. */
  media: Pick<MediaEngine, 'apply' | 'slides'>;
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

/**
 * Slides (setting_ppt, docs/media-engine.md "Slides"): while switching or push is on, the composite encode carries a
 * branch scoring the slides channel (`slidechannel`; media/slide-branch.ts), read by the slide watcher. A new slide
 * switches the output to the slides-first layout for `switchduration` seconds (the layout domain's one layout path)
 * when `switchenable` is on, and becomes the latest slide that ppt.html shows while `pushenable` is on.
 */
export function slideService(d: SlideServiceDeps) {
  const watch = d.watch ?? new SlideWatch(d.encoder, () => d.clock.now());
  const ppt = () => d.settings.typed('setting_ppt');
  const pushEnabled = () => !d.mode4k && ppt().pushenable;
  let latest: LatestSlide | undefined;
  /** The slide the running encode's branch shows now (undefined once watching stopped): a new recording's first chapter. */
  let shown: LatestSlide | undefined;
  let count = 0;
  /** The other domains told of each new slide (chapters), whatever push or switching do. */
  const slideListeners = new Set<(slide: LatestSlide) => void>();
  /** ppt.html's event streams: each new slide, and undefined when push is turned off (they close). */
  const listeners = new Set<(slide: LatestSlide | undefined) => void>();

  /** The branch the composite encode should carry: none in 4K mode or with both features off. */
  const wanted = (): SlidesPlan | undefined => {
    const p = ppt();
    if (d.mode4k || !(p.switchenable || p.pushenable || p.chapterenable)) return undefined;
    return { channel: p.slidechannel, thresholdPercent: p.switchdiff };
  };
  // Chapters alone (switching and push off) are made of a real slides source only, not of a channel's stand-in.
  d.media.slides.want(wanted, () => ppt().switchenable || ppt().pushenable);
  /**
   * After a write of setting_ppt or setting_video_input: a running encode is re-planned only when its branch changes
   * (channel, threshold, on or off); the duration or push alone leave it running.
   */
  const reconcile = () => {
    if (d.media.slides.stale()) d.media.apply();
    // Switching turned off (or nothing to watch any more): the slides-first layout, if shown, goes at once.
    if (!wanted() || !ppt().switchenable) d.layouts.endSlidesFirst();
  };

  watch.on('log', (line: string) => d.log(`[slides] ${line}`));
  watch.on('stalled', (plan: SlidesPlan) => void d.media.slides.lost(plan));
  watch.on('change', (e: SlideEvent) => {
    const p = ppt();
    if (d.mode4k || !p.switchenable || !d.encoder.wanted) return;
    const seconds = p.switchduration;
    const switched = d.layouts.showSlidesFirst(p.slidechannel, e.at + seconds * 1000);
    d.log(`slide switching: new slide (scene score ${e.scorePercent} %)${switched ? ', slides first' : ''} for ${seconds} s`);
  });
  watch.on('picture', (jpeg: Buffer, e: SlideEvent) => {
    shown = { jpeg, n: ++count, at: e.at };
    // Only a slide seen while push is on is published: the branch also runs for chapters alone, and an earlier
    // lecture's slide must not appear when push is turned on later.
    if (pushEnabled()) {
      latest = shown;
      for (const listener of listeners) listener(latest);
    }
    for (const listener of slideListeners) listener(shown);
  });
  d.encoder.on('exit', () => {
    if (d.encoder.wanted) return;
    // The encode stopped: the layout before the slides comes back, and the next start's first picture is a first one.
    watch.forget();
    shown = undefined;
    d.layouts.endSlidesFirst();
  });
  d.settings.onWritten((code, changed, v) => {
    if ((code === 'setting_ppt' || code === 'setting_video_input') && changed.length) reconcile();
    if (code !== 'setting_ppt') return;
    if (d.mode4k || !v.pushenable) {
      latest = undefined;
      for (const listener of [...listeners]) listener(undefined);
    } else if (!latest && watch.watching && shown) latest = shown; // turned on mid-lecture: the slide showing now
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
    /** Calls `listener` with every new slide the branch sees (the first picture of a watch too); returns the unsubscribe. */
    onSlide(listener: (slide: LatestSlide) => void): () => void {
      slideListeners.add(listener);
      return () => slideListeners.delete(listener);
    },
    /** The slide showing now, while the running encode's branch is read; undefined when nothing is watched. */
    shown: (): LatestSlide | undefined => (watch.watching ? shown : undefined),
    /** Looks again at what to detect on (sources.json is read when the encode starts). */
    reconcile,
    /** The slides branch the running composite encode carries and the watcher reads, or undefined. */
    watching: (): SlidesPlan | undefined => watch.watching,
    /** Stops reading (app close; the encoder is stopped apart). */
    halt: async () => watch.stop(),
  };
}
export type SlideService = ReturnType<typeof slideService>;
