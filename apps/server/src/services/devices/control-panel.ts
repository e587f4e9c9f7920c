import { LIMITS } from '@roomcast/contract';

/*
 * The control panel's line protocol (docs/devices.md): ASCII lines ending in CR, LF or CR LF, words separated by
 * spaces, case-insensitive. Every line is answered with `OK` or `ERR <reason>`, each ending in CR LF.
 */

export type PanelCommand =
  | { kind: 'ping' }
  | { kind: 'record'; control: 'start' | 'pause' | 'resume' | 'stop' }
  /** A chapter at this moment of the recording (markchapter). */
  | { kind: 'mark' }
  /** Layout slot 1-9 as the panel's buttons are numbered (setlayoutid's id is 0-8). */
  | { kind: 'layout'; slot: number }
  | { kind: 'preset'; channel: number; preset: number };

/** A line longer than this is not a command (noise on the line, a wrong baud rate): it is dropped with ERR. */
export const PANEL_MAX_LINE = 64;

const RECORD = ['start', 'pause', 'resume', 'stop'] as const;
const digitIn = (word: string | undefined, min: number, max: number): number | undefined =>
  word !== undefined && /^\d{1,2}$/.test(word) && Number(word) >= min && Number(word) <= max ? Number(word) : undefined;

/** The command of one line, or undefined when it is not one. */
export function parsePanelLine(line: string): PanelCommand | undefined {
  const words = line.trim().toLowerCase().split(/\s+/);
  const [verb, a, b, extra] = words;
  if (extra !== undefined) return undefined;
  switch (verb) {
    case 'ping':
      return a === undefined ? { kind: 'ping' } : undefined;
    case 'mark':
      return a === undefined ? { kind: 'mark' } : undefined;
    case 'record':
      return b === undefined && RECORD.includes(a as (typeof RECORD)[number])
        ? { kind: 'record', control: a as (typeof RECORD)[number] }
        : undefined;
    case 'layout': {
      const slot = b === undefined ? digitIn(a, 1, LIMITS.layoutSlots) : undefined;
      return slot === undefined ? undefined : { kind: 'layout', slot };
    }
    case 'preset': {
      // PRESET <preset 0-9> drives channel 0; PRESET <channel 0-3> <preset 0-9> any channel.
      const channel = b === undefined ? 0 : digitIn(a, 0, LIMITS.ptzChannels - 1);
      const preset = digitIn(b ?? a, 0, LIMITS.ptzPresets - 1);
      return channel === undefined || preset === undefined ? undefined : { kind: 'preset', channel, preset };
    }
    default:
      return undefined;
  }
}

/** What was said, for the operation log: `record start`, `layout 3`, `preset 0 5`. */
export function describePanelCommand(c: PanelCommand): string {
  switch (c.kind) {
    case 'ping':
      return 'ping';
    case 'mark':
      return 'mark chapter';
    case 'record':
      return `record ${c.control}`;
    case 'layout':
      return `layout ${c.slot}`;
    case 'preset':
      return `preset ${c.channel} ${c.preset}`;
  }
}

/**
 * Splits the bytes read from the port into lines (CR, LF or CR LF end a line; empty lines are skipped). A line
 * growing past `PANEL_MAX_LINE` is reported once as `undefined` and skipped up to its end.
 */
export function lineSplitter(onLine: (line: string | undefined) => void): (chunk: Buffer) => void {
  let current = '';
  let overlong = false;
  return (chunk) => {
    for (const ch of chunk.toString('latin1')) {
      if (ch === '\r' || ch === '\n') {
        if (overlong) onLine(undefined);
        else if (current.trim()) onLine(current);
        current = '';
        overlong = false;
      } else if (!overlong) {
        current += ch;
        if (current.length > PANEL_MAX_LINE) overlong = true;
      }
    }
  };
}
