import type { Readable } from 'node:stream';
import type { SourceSpec } from './source-spec.js';
import { SLIDES_FPS, slidesDraw } from './synthetic-slides.js';

/**
 * Slide detection inside the composite encode (setting_ppt; docs/media-engine.md "Slides"): the slides channel's
 * decoded picture, which the encoder has anyway, is also fed to a filter graph of its own that scores scene changes
 * (ffmpeg `select`'s scene score) at SLIDE_FPS and hands out a JPEG of each new slide. One reader of the device and
 * one decode for the picture and the slides; no second ffmpeg.
 */
export interface SlidesPlan {
  /** The slides channel's letter (`setting_ppt.slidechannel`); its input is the plan's `sources[channel]`. */
  channel: string;
  /** Scene score (select's `scene`, 0-100 %) from which a picture is a new slide (`setting_ppt.switchdiff`). */
  thresholdPercent: number;
}

/** Frames a second the slides are scored at: a new slide is seen within 0.2 s. */
export const SLIDE_FPS = 5;
/** The new slide's picture for ppt.html: 1280 wide, the height keeping the channel's aspect ratio. */
export const SLIDE_JPEG_WIDTH = 1280;
/** Every scored frame, 64x36 grey: the encoder's heartbeat of the branch and what a new encode's first picture is compared with. */
export const THUMB_WIDTH = 64;
export const THUMB_HEIGHT = 36;
/** Pipes of the branch: the scores of the frames that passed (metadata print), their JPEGs, every frame's thumbnail. */
export const SLIDE_FDS = { scores: 5, jpegs: 6, thumbs: 7 } as const;

/*
 * ffmpeg 5.1 (Debian 12) serves its outputs in the order of their latest timestamps and waits for the one furthest
 * behind; an output that has nothing to give then holds back all the others. The branch's outputs are therefore
 * stamped ahead of the picture: the thumbnails by THUMB_LEAD_S (more than a frame at SLIDE_FPS, so they are asked
 * for only once their next frame is due: they keep the branch read without holding the picture back), the JPEGs, which
 * come only with a new slide, so far ahead that they are never waited for. Their timestamps are read by no one.
 */
const THUMB_LEAD_S = 0.3;
const JPEG_LEAD_S = 1_000_000_000;

export interface SlideBranchInputs {
  plan: SlidesPlan;
  /** The slides channel's source (the synthetic slides are drawn in each graph that uses them). */
  source: SourceSpec;
  /** ffmpeg input index of the slides channel. */
  input: number;
  /**
   * Input indexes of the other channels of the layout being encoded: the branch follows each one (a 2x2 corner of
   * it drawn outside its frame), so that it ends when one of them ends. A lost camera ends the picture, and so
   * must end the encode; a branch going on alone would keep ffmpeg running.
   */
  others: number[];
}

/** The branch's filter graph (a -filter_complex of its own; ends in [slidethumb] and [slidejpeg]). */
export function slideBranchGraph(b: SlideBranchInputs): string {
  const threshold = Math.min(1, Math.max(0, b.plan.thresholdPercent / 100));
  const filters: string[] = [];
  // The synthetic slides are drawn at SLIDES_FPS already, and fps would hold each frame until the next one (200 ms).
  const first = b.source.kind === 'slides' ? slidesDraw({ seconds: b.source.seconds, fps: SLIDES_FPS }) : `fps=${SLIDE_FPS}`;
  filters.push(`[${b.input}:v]${first}[slsync0]`);
  b.others.forEach((input, i) => {
    filters.push(`[${input}:v]crop=2:2:0:0,format=gray[sltick${i}]`, `[slsync${i}][sltick${i}]overlay=x=W:y=H:shortest=1[slsync${i + 1}]`);
  });
  filters.push(
    `[slsync${b.others.length}]split=2[slthumbin][sljpegin]`,
    `[slthumbin]scale=${THUMB_WIDTH}:${THUMB_HEIGHT}:flags=area,format=gray,settb=AVTB,setpts=PTS+${THUMB_LEAD_S}/TB[slidethumb]`,
    // The first frame (what the channel shows when the encode starts) and each frame scoring at least the threshold
    // against the one before; their scores go out at once, their JPEGs a moment later.
    [
      `[sljpegin]select='eq(n\\,0)+gte(scene\\,${threshold.toFixed(4)})'`,
      `metadata=mode=print:key=lavfi.scene_score:file='pipe\\:${SLIDE_FDS.scores}':direct=1`,
      `scale=${SLIDE_JPEG_WIDTH}:-2`,
      `settb=AVTB,setpts=PTS+${JPEG_LEAD_S}/TB[slidejpeg]`,
    ].join(','),
  );
  return filters.join(';');
}

/** Output options of the branch (after the HD and SD outputs): thumbnails and JPEGs on their pipes, each frame at once. */
export function slideBranchOutputs(): string[] {
  // One thread, and each packet written as it comes: frame threads would hold a picture until the next one.
  const now = ['-fps_mode', 'passthrough', '-threads', '1', '-flush_packets', '1'];
  return [
    ...['-map', '[slidethumb]', ...now, '-c:v', 'rawvideo', '-pix_fmt', 'gray', '-f', 'rawvideo', `pipe:${SLIDE_FDS.thumbs}`],
    ...['-map', '[slidejpeg]', ...now, '-c:v', 'mjpeg', '-q:v', '4', '-f', 'image2pipe', `pipe:${SLIDE_FDS.jpegs}`],
  ];
}

/** What the encoder hands over at each start of an encode with the branch (its 'slides' event). */
export interface SlideTap {
  plan: SlidesPlan;
  scores: Readable;
  jpegs: Readable;
  thumbs: Readable;
}
