import type { AlsaDevice } from '@roomcast/contract';
import type { FieldChoice } from '../../../components/settings/settings-form';

/*
 * What the Audio screen's device selects offer (pure): the ALSA devices the box finds, each by its stable name
 * `hw:CARD=<id>,DEV=<device>` (card numbers can change when USB devices come and go, a card's id does not).
 */

/** The name a device is bound by: `hw:CARD=PCH,DEV=3`. */
export const alsaName = (d: AlsaDevice) => `hw:CARD=${d.id},DEV=${d.device}`;

/** A device as a person knows it: `HDA Intel PCH: HDMI 0`. */
export const alsaTitle = (d: AlsaDevice) => (d.deviceName ? `${d.name}: ${d.deviceName}` : d.name);

/**
 * The listed device an ALSA name designates (`hw:1,0`, `plughw:CARD=PCH,DEV=3`, by card number or id, device 0 when
 * none is named), or undefined (not found, or not a card's device: `default`, a file).
 */
export function findAlsa(devices: readonly AlsaDevice[], value: string): AlsaDevice | undefined {
  const m = /^(?:hw|plughw|sysdefault|dsnoop|dmix|front):(.*)$/.exec(value);
  if (!m) return undefined;
  const args: Record<string, string> = {};
  m[1]!.split(',').forEach((part, i) => {
    const [name, arg] = part.includes('=') ? part.split('=') : [i === 0 ? 'CARD' : 'DEV', part];
    args[name!.toUpperCase()] = arg ?? '';
  });
  const card = args.CARD ?? '';
  const device = Number(args.DEV ?? 0);
  return devices.find((d) => (String(d.card) === card || d.id === card) && d.device === device);
}

/** None, each device found, and the bound value when it is none of those (another name of one, or not found now). */
export function alsaChoices(devices: readonly AlsaDevice[], value: string, none: string, missing: boolean): FieldChoice[] {
  const choices: FieldChoice[] = [
    { value: '', label: none },
    ...devices.map((d) => ({ value: alsaName(d), label: `${alsaTitle(d)} (${alsaName(d)})` })),
  ];
  if (value === '' || choices.some((c) => c.value === value)) return choices;
  const found = findAlsa(devices, value);
  return [...choices, { value, label: found ? `${alsaTitle(found)} (${value})` : value, missing }];
}
