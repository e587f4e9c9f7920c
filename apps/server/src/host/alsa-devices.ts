/**
 * The box's ALSA sound devices as alsa-utils prints them (pure; tests feed outputs recorded from real devices,
 * apps/server/test/fixtures/devices):
 * - `arecord -l` (capture) and `aplay -l` (playback): one line per card and device, then its subdevices;
 * - `/proc/asound/cards`, with the `cardN/pcmD{c,p}` entries beside it, when alsa-utils is not installed.
 */

export interface AlsaDevice {
  card: number;
  device: number;
  /** The card's id (`PCH`, `Device`): `hw:CARD=PCH,DEV=3` names the device even when the card numbers change. */
  id: string;
  /** The card's name (`HDA Intel PCH`, `USB PnP Sound Device`). */
  name: string;
  /** The device's name on its card (`HDMI 0`, `USB Audio`); '' when read from /proc/asound/cards. */
  deviceName: string;
  /** What ffmpeg's and arecord's `-D`/`-i` take: `hw:1,0`. */
  hw: string;
}

/** A card of /proc/asound/cards. */
export interface AlsaCard {
  card: number;
  id: string;
  driver: string;
  name: string;
  /** The second line (`HDA Intel PCH at 0xfe720000 irq 40`); the kernel cuts it at 80 characters. */
  longName: string;
}

/** `card 1: Device [USB PnP Sound Device], device 0: USB Audio [USB Audio]`; a device's name may be empty (`[]`). */
const DEVICE_LINE = /^\s*card (\d+): (\S+) \[(.*?)\], device (\d+): (.*?) \[(.*)\]\s*$/;

export function parseAlsaDeviceList(text: string): AlsaDevice[] {
  const devices: AlsaDevice[] = [];
  for (const line of text.split('\n')) {
    const m = DEVICE_LINE.exec(line);
    if (!m) continue; // the heading, `Subdevices: 1/1`, `Subdevice #0: ...`, or an error
    const [, card, id, name, device, deviceId, deviceName] = m as unknown as [string, string, string, string, string, string, string];
    devices.push({
      card: Number(card),
      device: Number(device),
      id,
      name,
      deviceName: deviceName || deviceId,
      hw: `hw:${card},${device}`,
    });
  }
  return devices;
}

/** ` 0 [PCH            ]: HDA-Intel - HDA Intel PCH`, then the long name on the next, more indented, line. */
const CARD_LINE = /^\s*(\d+) \[(\S+)\s*\]: (\S+) - (.*)$/;

export function parseProcAsoundCards(text: string): AlsaCard[] {
  const cards: AlsaCard[] = [];
  for (const line of text.split('\n')) {
    const m = CARD_LINE.exec(line);
    if (m) {
      cards.push({ card: Number(m[1]), id: m[2]!, driver: m[3]!, name: m[4]!.trim(), longName: '' });
      continue;
    }
    const last = cards[cards.length - 1];
    if (last && !last.longName && line.trim()) last.longName = line.trim();
  }
  return cards;
}

/** `pcm3p` in /proc/asound/card0 is device 3's playback, `pcm0c` device 0's capture. */
const PCM_ENTRY = /^pcm(\d+)([cp])$/;

/**
 * The devices of each card from the names in its /proc/asound/cardN directory (`entries` by card number), for when
 * arecord and aplay are missing.
 */
export function alsaDevicesFromProc(
  cards: AlsaCard[],
  entries: ReadonlyMap<number, readonly string[]>,
): { capture: AlsaDevice[]; playback: AlsaDevice[] } {
  const capture: AlsaDevice[] = [];
  const playback: AlsaDevice[] = [];
  for (const card of cards) {
    const pcms = (entries.get(card.card) ?? [])
      .map((name) => PCM_ENTRY.exec(name))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => ({ device: Number(m[1]), direction: m[2] }))
      .sort((a, b) => a.device - b.device);
    for (const { device, direction } of pcms) {
      const entry = { card: card.card, device, id: card.id, name: card.name, deviceName: '', hw: `hw:${card.card},${device}` };
      (direction === 'c' ? capture : playback).push(entry);
    }
  }
  return { capture, playback };
}
