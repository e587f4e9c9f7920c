import { parseFlavors, SETTINGS, type FlavorPair, type TypedSetting } from '@roomcast/contract';

/** `setting_media_server` as the agent uses it. */
export interface OpencastConfig {
  enable: boolean;
  url: string;
  username: string;
  password: string;
  agentName: string;
  workflow: string;
  schedules: boolean;
  flavors: FlavorPair[];
}

/** The room name as an agent name: letters, digits, "." "_" "-" kept, anything else a "-" ("roomcast" if nothing is left). */
export function agentNameOf(roomName: string): string {
  const name = roomName
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 64);
  return name || 'roomcast';
}

export function opencastConfigOf(v: TypedSetting<'setting_media_server'>, roomName: string): OpencastConfig {
  return {
    enable: v.enable && Boolean(v.url),
    url: v.url,
    username: v.username,
    password: v.password,
    agentName: v.agentname || agentNameOf(roomName),
    // "" is a valid value that falls back to the contract's default workflow.
    workflow: v.workflow || SETTINGS.setting_media_server.keys.workflow.default,
    schedules: v.schedules,
    flavors: parseFlavors(v.flavors),
  };
}

/** What Opencast learns of the agent's devices (capture-admin configuration): one device per flavored file. */
export function capabilitiesOf(c: OpencastConfig, zoneOffsetMin: number): Record<string, string> {
  const props: Record<string, string> = {
    'capture.device.names': c.flavors.map((f) => f.code).join(','),
    'capture.device.timezone.offset': String(zoneOffsetMin),
    'capture.agent.software': 'Roomcast',
  };
  for (const f of c.flavors) {
    props[`capture.device.${f.code}.src`] = f.code;
    props[`capture.device.${f.code}.flavor`] = f.flavor;
    props[`capture.device.${f.code}.outputfile`] = `${f.code}.mp4`;
  }
  return props;
}
