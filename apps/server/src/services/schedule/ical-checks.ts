import ICAL from 'ical.js';

/**
 * What ical.js cannot read in a calendar, said as the file says it. ical.js reads a property's value only when it
 * is asked for (`event.startDate` throws "invalid date-time value" for `DTSTART:notadate`) and quietly rolls an
 * impossible date over (`20311345T990000Z` becomes 2032-02-18), so every value of an event is read here first and
 * each date is compared with what was written. The messages quote the file's own line, not ical.js's mangled copy.
 */

/** The logical lines of a text (RFC 5545 folding undone), as written. */
export function unfoldedLines(text: string): string[] {
  return text
    .replace(/\r?\n[ \t]/g, '')
    .split(/\r?\n/)
    .filter((l) => l.length > 0);
}

/** The first content line ical.js cannot parse, with its reason (the file as a whole failed to parse). */
export function firstBadLine(text: string): { line: string; reason: string } | undefined {
  for (const line of unfoldedLines(text)) {
    try {
      ICAL.parse.property(line);
    } catch (err) {
      return { line: clip(line), reason: reasonOf(err) };
    }
  }
  return undefined;
}

/** The lines of each top-level VEVENT, in file order (as ical.js lists the events). */
export function eventLines(text: string): string[][] {
  const events: string[][] = [];
  let current: string[] | undefined;
  let depth = 0;
  for (const line of unfoldedLines(text)) {
    const upper = line.toUpperCase();
    if (upper === 'BEGIN:VEVENT' && depth === 0) {
      current = [];
      events.push(current);
    } else if (upper.startsWith('BEGIN:') && current) depth++;
    else if (upper.startsWith('END:') && current) {
      if (depth === 0) current = undefined;
      else depth--;
    } else if (current && depth === 0) current.push(line);
  }
  return events;
}

const DATE_TYPES = new Set(['date', 'date-time']);

/**
 * The first property of an event whose value ical.js cannot read or reads as another date than the one written:
 * its name and why. Every property is read (a bad value of any kind would throw later, when the event is mapped).
 */
export function unreadableProperty(v: InstanceType<typeof ICAL.Component>): { name: string; reason: string } | undefined {
  for (const p of v.getAllProperties()) {
    let values: unknown[];
    try {
      values = p.getValues();
    } catch (err) {
      return { name: p.name, reason: reasonOf(err) };
    }
    const written = (p.toJSON() as unknown[]).slice(3);
    if (DATE_TYPES.has(p.type)) {
      const wrong = values.findIndex((value, i) => String(value) !== String(written[i]));
      if (wrong >= 0) return { name: p.name, reason: `${String(written[wrong])} is not a calendar ${p.type}` };
    }
    if (p.type === 'recur') {
      const until = (values[0] as { until?: unknown } | undefined)?.until;
      const writtenUntil = (written[0] as { until?: unknown } | undefined)?.until;
      if (until && String(until) !== String(writtenUntil))
        return { name: p.name, reason: `UNTIL ${String(writtenUntil)} is not a calendar date` };
    }
  }
  return undefined;
}

/** The line of `lines` that holds property `name` (case-insensitive), as written, or the name itself. */
export function lineOf(lines: string[] | undefined, name: string): string {
  const re = new RegExp(`^${name}[;:]`, 'i');
  return clip(lines?.find((l) => re.test(l)) ?? name.toUpperCase());
}

export const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err)).split('\n')[0]!.slice(0, 200);
const clip = (line: string) => (line.length > 80 ? `${line.slice(0, 77)}...` : line);
