import type { OpencastEventFields } from '../../../db/repositories/opencast-repository.js';
import type { CalendarEvent } from '../../schedule/index.js';

/**
 * What an Opencast calendar event carries for the agent (its CalendarGenerator): UID (the media package id),
 * DTSTART/DTEND, SUMMARY, and base64 attachments: `episode.xml` (the episode's Dublin Core, ingested as
 * `dublincore/episode`), `series.xml` when it has a series, and `org.opencastproject.capture.agent.properties`
 * (Java properties: the workflow definition and its configuration).
 */
const EPISODE = 'episode.xml';
const SERIES = 'series.xml';
const PROPERTIES = 'org.opencastproject.capture.agent.properties';
const WORKFLOW = 'org.opencastproject.workflow.definition';
const WORKFLOW_CONFIG = 'org.opencastproject.workflow.config.';

/** The events that can be recorded (a UID, a start and an end after it), as the rows the agent keeps. */
export function eventsOfCalendar(events: CalendarEvent[]): OpencastEventFields[] {
  const out: OpencastEventFields[] = [];
  for (const e of events) {
    if (!e.uid || e.start === undefined || e.end === undefined || e.end <= e.start) continue;
    const attached = (name: string) => e.attachments.find((a) => a.filename === name)?.text ?? '';
    out.push({
      uid: e.uid,
      title: e.summary,
      start: e.start,
      stop: e.end,
      episode: attached(EPISODE),
      series: attached(SERIES),
      properties: attached(PROPERTIES),
    });
  }
  return out;
}

/** Java properties text as pairs (`key=value` or `key: value`; `#`/`!` comments; no line continuations in Opencast's). */
export function readProperties(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    const at = line.search(/[=:]/);
    if (at < 0) continue;
    out.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return out;
}

/** The workflow the event names (else `fallback`, the setting) and its configuration fields for `ingest`. */
export function workflowOf(properties: string, fallback: string): { workflow: string; config: [string, string][] } {
  const props = readProperties(properties);
  const config = [...props]
    .filter(([k]) => k.startsWith(WORKFLOW_CONFIG))
    .map(([k, v]): [string, string] => [k.slice(WORKFLOW_CONFIG.length), v]);
  return { workflow: props.get(WORKFLOW) || fallback, config };
}

const xml = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const w3c = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** An episode catalog for a recording that was not an Opencast event (an ingest someone asked for). */
export function episodeOfRecording(r: { title: string; start: number; stop: number; agent: string }): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<dublincore xmlns="http://www.opencastproject.org/xsd/1.0/dublincore/" xmlns:dcterms="http://purl.org/dc/terms/">',
    `  <dcterms:title>${xml(r.title)}</dcterms:title>`,
    `  <dcterms:created>${w3c(r.start)}</dcterms:created>`,
    `  <dcterms:temporal>start=${w3c(r.start)}; end=${w3c(r.stop)}; scheme=W3C-DTF;</dcterms:temporal>`,
    `  <dcterms:spatial>${xml(r.agent)}</dcterms:spatial>`,
    '</dublincore>',
    '',
  ].join('\n');
}
