import type { CallData, HealthState } from '@roomcast/contract';
import { diskFigures, mountedDiskFigures } from '../../../host/storage.js';
import { isRecording, recordedMsAt, type RoomState } from '../../room/index.js';
import type { DeviceClock } from '../../core/index.js';

const GB = 1024 ** 3;
const gb = (bytes: number) => (bytes / GB).toFixed(2);
/** `status.ismainliving`/`issubliving` (spec §7): 'false' off, 'true' started, 'reconn' reconnecting. */
const RTMP_STATUS = { off: 'false', on: 'true', reconnecting: 'reconn' } as const;
const tf = (b: boolean) => (b ? 'true' : 'false') as 'true' | 'false';

export interface StoragePaths {
  hdd: () => string;
  usb: () => string | undefined;
}

/** `status`: record and live fields from the room's state, storage figures from the real file system. */
/** `health` is the room's health now (the worst of its checks). */
export function statusService(
  room: () => Readonly<RoomState>,
  paths: StoragePaths,
  clock: DeviceClock,
  health: () => HealthState,
  signals: () => CallData<'status'>['signals'],
) {
  return {
    async status(): Promise<CallData<'status'>> {
      const s = room();
      const [hdd, usb] = await Promise.all([diskFigures(paths.hdd()), mountedDiskFigures(paths.usb())]);
      const now = clock.now();
      const currentMs = recordedMsAt(s, now);
      return {
        isrecording: tf(isRecording(s)),
        isrecordingpaused: tf(s.recording === 'paused'),
        isrecordpending: tf(s.pending || s.recording === 'starting'),
        isschedulerecording: tf(s.schedule !== undefined),
        recordingscheduleid: s.schedule ? String(s.schedule.id) : '',
        recordingschedulestoptime: s.schedule ? clock.format(s.schedule.stopTime) : '',
        recordingstart: s.recordingStart ? clock.format(s.recordingStart) : '',
        current: String(Math.floor(currentMs / 1000)),
        hdd_scanning: tf(s.scanning),
        hashdd: tf(hdd.present),
        hddtotalsize: gb(hdd.totalBytes),
        hddfreesize: gb(hdd.freeBytes),
        hasusb: tf(usb.present),
        usbtotalsize: gb(usb.totalBytes),
        usbfreesize: gb(usb.freeBytes),
        layoutbuttonid: String(s.layoutButtonId),
        isliving: tf(s.living),
        ismainliving: RTMP_STATUS[s.rtmp.main],
        issubliving: RTMP_STATUS[s.rtmp.sub],
        ismainsrt: RTMP_STATUS[s.srt.main],
        issubsrt: RTMP_STATUS[s.srt.sub],
        livingstart: s.livingStart ? clock.format(s.livingStart) : '',
        devicetime: clock.format(now),
        mainlivingstart: s.rtmpStart.main ? clock.format(s.rtmpStart.main) : '',
        sublivingstart: s.rtmpStart.sub ? clock.format(s.rtmpStart.sub) : '',
        audioalarm: tf(s.audioAlarm),
        health: health(),
        signals: signals(),
      };
    },
  };
}
