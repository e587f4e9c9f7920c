import { V4L2_INPUT_FORMATS, type VideoCaptureDevice } from '@roomcast/contract';
import type { FieldChoice } from '../../../components/settings/settings-form';

/*
 * What the select of each video input offers (pure): the devices the box finds, then the formats, sizes and rates the
 * chosen one lists, as the service checks them (a format "" is any of the device's, a size "" any of the format's).
 */

type Format = VideoCaptureDevice['formats'][number];

/** Rates offered where the device names none (a Stepwise/Continuous size range): the service takes any rate there. */
export const COMMON_RATES = [60, 50, 30, 25, 24, 15] as const;

/** A device as a person knows it: `EMEET SmartCam S800 (/dev/video4)`. */
export const deviceLabel = (d: VideoCaptureDevice) => `${d.card} (${d.path})`;

/** A rate as stored: 30.000 → "30", 29.970 → "29.97". */
export const rateValue = (fps: number) => String(Number(fps.toFixed(3)));

/** `choices` plus the value shown when they lack it (a device bound but not found now, a link): kept, not lost. */
export function keepingValue(choices: FieldChoice[], value: string, kept: Omit<FieldChoice, 'value'>): FieldChoice[] {
  return value === '' || choices.some((c) => c.value === value) ? choices : [...choices, { value, ...kept }];
}

/** None (the stand-in), each device found, and the bound one when it is not found now. */
export function deviceChoices(devices: readonly VideoCaptureDevice[], value: string, none: string, missing: boolean): FieldChoice[] {
  const found = devices.map((d) => ({ value: d.path, label: deviceLabel(d) }));
  return keepingValue([{ value: '', label: none }, ...found], value, { label: value, missing });
}

/** A device's formats Roomcast can record (by fourcc, `V4L2_INPUT_FORMATS`), each once. */
export function recordableFormats(device: VideoCaptureDevice): Format[] {
  const seen = new Set<string>();
  return device.formats.filter((f) => {
    const fourcc = f.fourcc.trim();
    if (!(fourcc in V4L2_INPUT_FORMATS) || seen.has(fourcc)) return false;
    seen.add(fourcc);
    return true;
  });
}

/** The device's own format (""), then each format it can record: `MJPG (Motion-JPEG)`. */
export function formatChoices(device: VideoCaptureDevice, own: string): FieldChoice[] {
  return [
    { value: '', label: own },
    ...recordableFormats(device).map((f) => ({ value: f.fourcc.trim(), label: `${f.fourcc.trim()} (${f.description})` })),
  ];
}

/** The formats a chosen fourcc means: that one, or any of the device's for "". */
const formatsOf = (device: VideoCaptureDevice, fourcc: string) =>
  fourcc ? device.formats.filter((f) => f.fourcc.trim() === fourcc) : device.formats;

const sizeValue = (s: { width: number; height: number }) => `${s.width}x${s.height}`;

/** The device's own size (""), then the sizes of the chosen format, largest first. */
export function sizeChoices(device: VideoCaptureDevice, fourcc: string, own: string): FieldChoice[] {
  const sizes = new Map<string, number>();
  for (const f of formatsOf(device, fourcc)) for (const s of f.sizes) sizes.set(sizeValue(s), s.width * s.height);
  const ordered = [...sizes].sort((a, b) => b[1] - a[1]).map(([value]) => ({ value, label: value }));
  return [{ value: '', label: own }, ...ordered];
}

/** The encoding's rate (""), then the rates listed at the chosen format and size, fastest first. */
export function rateChoices(
  device: VideoCaptureDevice,
  fourcc: string,
  size: string,
  own: string,
  label: (fps: string) => string,
): FieldChoice[] {
  const rates = new Set<number>();
  for (const f of formatsOf(device, fourcc)) {
    for (const s of f.sizes) {
      if (size && sizeValue(s) !== size) continue;
      for (const r of s.fps.length ? s.fps : COMMON_RATES) rates.add(Number(rateValue(r)));
    }
  }
  const ordered = [...rates].sort((a, b) => b - a).map((r) => ({ value: rateValue(r), label: label(rateValue(r)) }));
  return [{ value: '', label: own }, ...ordered];
}
