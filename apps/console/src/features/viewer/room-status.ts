import { LIVE_PREFIX } from '@roomcast/contract';

export interface RoomStatus {
  living: boolean;
  publish: boolean;
  urlsession: string;
}

/** `readconfig setting_roomstatus` rows ({key, value} strings) as a typed status. */
export function parseRoomStatus(rows: readonly { key: string; value: string }[] | undefined): RoomStatus {
  const value = (key: string) => rows?.find((r) => r.key === key)?.value ?? '';
  return { living: value('living') === 'true', publish: value('publish') === 'true', urlsession: value('urlsession') };
}

/** Spec §2 Viewer home: the live card only while living, and only if published or the user may watch live. */
export function showLive(status: RoomStatus, canLive: boolean): boolean {
  return status.living && status.urlsession !== '' && (status.publish || canLive);
}

export function liveUrl(urlsession: string): string {
  return `${LIVE_PREFIX}${encodeURIComponent(urlsession)}.m3u8`;
}
