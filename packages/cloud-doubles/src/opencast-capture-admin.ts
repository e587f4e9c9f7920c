/**
 * The Opencast double's service registry (`/services/available.json`) and capture-admin: agent state and
 * configuration, recording states. Each post is checked as Opencast checks it and kept, in order, for tests.
 */
import type { ServerResponse } from 'node:http';
import { Answer } from './opencast-http.js';

const AGENT_STATES = new Set(['idle', 'capturing', 'uploading', 'offline', 'unknown', 'shutting_down', 'error']);
const RECORDING_STATES = new Set([
  'unknown',
  'capturing',
  'capture_finished',
  'capture_error',
  'manifest',
  'manifest_error',
  'manifest_finished',
  'compressing',
  'compressing_error',
  'uploading',
  'upload_finished',
  'upload_error',
]);
const SERVICE_PATHS: Record<string, string> = {
  'org.opencastproject.capture.admin': '/capture-admin',
  'org.opencastproject.scheduler': '/recordings',
  'org.opencastproject.ingest': '/ingest',
};
const INGEST = 'org.opencastproject.ingest';

export class FakeCaptureAdmin {
  readonly serviceLookups: string[] = [];
  readonly agentStates: { name: string; state: string; address: string }[] = [];
  readonly recordingStates: { uid: string; state: string }[] = [];
  readonly configurations = new Map<string, Record<string, string>>();

  /** `url`: the double's base URL, where every service it lists is. */
  constructor(private readonly url: () => string) {}

  services(type: string, res: ServerResponse): string {
    this.serviceLookups.push(type);
    const path = SERVICE_PATHS[type];
    const entry = (host: string, online: boolean) => ({
      type,
      host,
      path,
      active: true,
      online,
      maintenance: false,
      jobproducer: type === INGEST,
      onlinefrom: '2025-01-06T08:00:00.000Z',
      service_state: 'NORMAL',
    });
    // Ingest has a second node that is offline (the agent must not use it); one service is an object, as Opencast answers.
    const list = !path ? [] : type === INGEST ? [entry('http://127.0.0.1:9', false), entry(this.url(), true)] : entry(this.url(), true);
    res.setHeader('content-type', 'application/json');
    return JSON.stringify({ services: Array.isArray(list) && list.length === 0 ? '' : { service: list } });
  }

  agentState(name: string, form: Record<string, string>): string {
    const state = form.state ?? '';
    if (!name || !AGENT_STATES.has(state)) throw new Answer(400, 'Invalid state');
    this.agentStates.push({ name, state, address: form.address ?? '' });
    return `${name} set to ${state}`;
  }

  configuration(name: string, form: Record<string, string>, res: ServerResponse): string {
    const text = form.configuration ?? '';
    if (!text.startsWith('{')) throw new Answer(400);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Answer(400);
    }
    if (!parsed || typeof parsed !== 'object' || Object.values(parsed).some((v) => typeof v !== 'string')) throw new Answer(400);
    this.configurations.set(name, parsed as Record<string, string>);
    res.setHeader('content-type', 'application/json');
    return text;
  }

  recordingState(uid: string, form: Record<string, string>): string {
    const state = form.state ?? '';
    if (!RECORDING_STATES.has(state)) throw new Answer(400);
    this.recordingStates.push({ uid, state });
    return `${uid} set to ${state}`;
  }
}
