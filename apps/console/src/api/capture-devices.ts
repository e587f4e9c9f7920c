import type { CallData } from '@roomcast/contract';
import { useCallQuery } from './hooks';

/** How often the Video and Audio screens read the box's devices again (the service itself looks every few seconds). */
export const CAPTURE_POLL_MS = 5_000;

export interface CaptureDevicesState {
  /** The devices the box finds now (`listcapturedevices`); undefined until the first answer. */
  devices: CallData<'listcapturedevices'> | undefined;
  /** Each source name's device and whether it is missing now (`listsource`); undefined until the first answer. */
  sources: CallData<'listsource'> | undefined;
  /** The first reading of the devices is under way. */
  loading: boolean;
  /** The devices could not be read (the screen shows its own line; no toast every poll). */
  failed: boolean;
}

/**
 * The capture devices the box finds and the source names bound to them, polled while a screen that binds them is
 * open, so a device plugged in or out shows within seconds (issue 20).
 */
export function useCaptureDevices(): CaptureDevicesState {
  const opts = { silent: true, refetchInterval: CAPTURE_POLL_MS } as const;
  const devices = useCallQuery('listcapturedevices', {}, opts);
  const sources = useCallQuery('listsource', {}, opts);
  return { devices: devices.data, sources: sources.data, loading: devices.isPending, failed: devices.isError && !devices.data };
}

/** Whether the box lacks the device `source` is bound to now, for the value `device` (a draft's other value: no). */
export function isMissing(sources: CallData<'listsource'> | undefined, source: string, device: string): boolean {
  return !!device && !!sources?.some((s) => s.source === source && s.device === device && s.missing);
}
