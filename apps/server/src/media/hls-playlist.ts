/** One segment of a live playlist. */
export interface HlsEntry {
  name: string;
  /** Seconds (from the PTS of the keyframes that begin it and the next one). */
  duration: number;
  /** The first segment of a new stream (after an encoder or service restart). */
  discontinuity: boolean;
}

/**
 * A rolling live HLS playlist (RFC 8216, version 3): the last `size` segments, numbered on (EXT-X-MEDIA-SEQUENCE)
 * and with the discontinuities that slid out counted (EXT-X-DISCONTINUITY-SEQUENCE), so a player keeps its place.
 * Read back from its own text (or ffmpeg's), to go on with it after a restart.
 */
export class HlsPlaylist {
  entries: HlsEntry[] = [];
  mediaSequence = 0;
  discontinuitySequence = 0;

  constructor(
    readonly targetSeconds: number,
    readonly size = 6,
  ) {}

  /** The playlist in `text` (an empty or unreadable one gives an empty list). */
  static parse(text: string, targetSeconds: number, size = 6): HlsPlaylist {
    const list = new HlsPlaylist(targetSeconds, size);
    let duration: number | undefined;
    let discontinuity = false;
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) list.mediaSequence = Number(line.slice(22)) || 0;
      else if (line.startsWith('#EXT-X-DISCONTINUITY-SEQUENCE:')) list.discontinuitySequence = Number(line.slice(30)) || 0;
      else if (line === '#EXT-X-DISCONTINUITY') discontinuity = true;
      else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
      else if (line && !line.startsWith('#') && duration !== undefined) {
        list.entries.push({ name: line, duration: Number.isFinite(duration) ? duration : targetSeconds, discontinuity });
        duration = undefined;
        discontinuity = false;
      }
    }
    return list;
  }

  /** The media sequence number the next segment gets. */
  get nextSequence(): number {
    return this.mediaSequence + this.entries.length;
  }

  /** Adds a segment at the end; returns those that slid out (their files may go). */
  add(entry: HlsEntry): HlsEntry[] {
    this.entries.push(entry);
    const gone = this.entries.splice(0, Math.max(0, this.entries.length - this.size));
    this.mediaSequence += gone.length;
    this.discontinuitySequence += gone.filter((e) => e.discontinuity).length;
    return gone;
  }

  render(): string {
    // EXTINF rounded to the nearest second never exceeds the target duration (RFC 8216 4.3.3.1).
    const target = Math.max(this.targetSeconds, ...this.entries.map((e) => Math.round(e.duration)));
    const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, `#EXT-X-MEDIA-SEQUENCE:${this.mediaSequence}`];
    if (this.discontinuitySequence) lines.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${this.discontinuitySequence}`);
    lines.push('#EXT-X-INDEPENDENT-SEGMENTS');
    for (const e of this.entries) {
      if (e.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
      lines.push(`#EXTINF:${e.duration.toFixed(3)},`, e.name);
    }
    return `${lines.join('\n')}\n`;
  }
}
