/**
 * The Opencast double's calendar: what Opencast's scheduler answers at `GET /recordings/calendars` (its
 * CalendarGenerator): a VCALENDAR of the agent's events that end after an hour ago and start before the cutoff,
 * each with UID (the media package id), DTSTART/DTEND in UTC, SUMMARY, LOCATION (the agent), and base64 ATTACH
 * properties carrying `episode.xml` (the episode's Dublin Core) and `org.opencastproject.capture.agent.properties`;
 * an ETag per agent that changes with its events, and 304 for a request whose If-None-Match still holds.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Answer } from './opencast-http.js';

export interface FakeOpencastEvent {
  uid: string;
  agent: string;
  /** Epoch ms. */
  start: number;
  end: number;
  title: string;
  /** The episode catalog; a Dublin Core of the title, agent and times when omitted. */
  episodeXml?: string;
  /** Capture agent properties (workflow definition and configuration). */
  properties?: Record<string, string>;
  /** Set by the double: when the event last changed (LAST-MODIFIED). */
  modified?: number;
}

const PAST_MARGIN_MS = 3600_000;

/** `20250301T090000Z` */
const utc = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const w3c = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}/, '');
const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** iCal TEXT escaping (RFC 5545 3.3.11). */
const icalText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');

export function episodeXmlOf(e: FakeOpencastEvent): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    '<dublincore xmlns="http://www.opencastproject.org/xsd/1.0/dublincore/" xmlns:dcterms="http://purl.org/dc/terms/">',
    `  <dcterms:identifier>${xml(e.uid)}</dcterms:identifier>`,
    `  <dcterms:title>${xml(e.title)}</dcterms:title>`,
    `  <dcterms:spatial>${xml(e.agent)}</dcterms:spatial>`,
    `  <dcterms:temporal>start=${w3c(e.start)}; end=${w3c(e.end)}; scheme=W3C-DTF;</dcterms:temporal>`,
    '</dublincore>',
  ].join('\n');
}

export function propertiesOf(e: FakeOpencastEvent): string {
  const props = {
    'event.title': e.title,
    'event.location': e.agent,
    'capture.device.names': 'defaults',
    'org.opencastproject.workflow.definition': 'schedule-and-upload',
    'org.opencastproject.workflow.config.straightToPublishing': 'true',
    ...e.properties,
  };
  return `${Object.entries(props)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')}\n`;
}

/** Folds a content line at 75 octets (RFC 5545 3.1): CRLF and one space. */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Never split a UTF-8 sequence: back off to a lead byte.
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74;
  }
  return parts.join('\r\n ');
}

const attach = (name: string, type: string, body: string) =>
  `ATTACH;FMTTYPE=${type};VALUE=BINARY;ENCODING=BASE64;X-APPLE-FILENAME=${name}:${Buffer.from(body, 'utf8').toString('base64')}`;

export function renderCalendar(events: FakeOpencastEvent[], now: number, cutoff: number | undefined): string {
  const lines = ['BEGIN:VCALENDAR', 'PRODID:Opencast Calendar File 0.5', 'VERSION:2.0', 'CALSCALE:GREGORIAN'];
  for (const e of events) {
    if (e.end + PAST_MARGIN_MS < now || (cutoff !== undefined && e.start > cutoff)) continue;
    lines.push(
      'BEGIN:VEVENT',
      `DTSTAMP:${utc(now)}`,
      `DTSTART:${utc(e.start)}`,
      `DTEND:${utc(e.end)}`,
      `SUMMARY:${icalText(e.title)}`,
      `UID:${e.uid}`,
      `LAST-MODIFIED:${utc(e.modified ?? now)}`,
      `LOCATION:${icalText(e.agent)}`,
      attach('episode.xml', 'application/xml', e.episodeXml ?? episodeXmlOf(e)),
      attach('org.opencastproject.capture.agent.properties', 'application/text', propertiesOf(e)),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The events of every agent's calendar, and the calendar requests received (for tests). */
export class FakeCalendar {
  readonly requests: { agentid: string; cutoff: string; ifNoneMatch: string; status: number }[] = [];
  private readonly events = new Map<string, FakeOpencastEvent>();
  /** Per agent: bumped on every change of its events (the calendar's ETag). */
  private readonly revisions = new Map<string, number>();

  /** Adds or replaces an event (the ETags of its agent, and of the agent it had before, change). */
  putEvent(event: FakeOpencastEvent): void {
    const old = this.events.get(event.uid);
    this.events.set(event.uid, { ...event, modified: Date.now() });
    for (const agent of new Set([event.agent, old?.agent])) if (agent) this.bump(agent);
  }

  removeEvent(uid: string): void {
    const old = this.events.get(uid);
    if (!old) return;
    this.events.delete(uid);
    this.bump(old.agent);
  }

  /** `GET /recordings/calendars?agentid=…&cutoff=…`. */
  answer(req: IncomingMessage, res: ServerResponse, q: URLSearchParams): string {
    const agentid = q.get('agentid') ?? '';
    const cutoff = q.get('cutoff') ?? '';
    const etag = `"mod-${agentid}-${this.revisions.get(agentid) ?? 0}"`;
    const ifNoneMatch = String(req.headers['if-none-match'] ?? '');
    const record = { agentid, cutoff, ifNoneMatch, status: 200 };
    this.requests.push(record);
    if (!agentid) throw new Answer(400, 'agentid required');
    if (ifNoneMatch === etag) {
      record.status = 304;
      throw new Answer(304);
    }
    res.setHeader('content-type', 'text/calendar; charset=UTF-8');
    res.setHeader('etag', etag);
    const mine = [...this.events.values()].filter((e) => e.agent === agentid).sort((a, b) => a.start - b.start);
    return renderCalendar(mine, Date.now(), cutoff ? Number(cutoff) : undefined);
  }

  private bump(agent: string): void {
    this.revisions.set(agent, (this.revisions.get(agent) ?? 0) + 1);
  }
}
