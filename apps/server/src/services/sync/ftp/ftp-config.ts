import { secondsOfDay, type UploadWindow } from './upload-window.js';

export type UploadModel = 'all' | 'folderandvideo' | 'videoonly';
export type FtpProtocol = 'ftp' | 'ftps' | 'sftp' | 'scp';

/** `setting_advance_ftp` as the upload target uses it. */
export interface FtpConfig {
  enable: boolean;
  protocol: FtpProtocol;
  host: string;
  port: number;
  username: string;
  password: string;
  /** The folder on the server ("" = the account's home, "/x" absolute). */
  path: string;
  uploadmodel: UploadModel;
  /** Uploads start only inside this window (undefined: any time). */
  window?: UploadWindow;
}

export function ftpConfigOf(v: Record<string, string>): FtpConfig {
  const protocol = (['ftp', 'ftps', 'sftp', 'scp'] as const).find((p) => p === v.protocol) ?? 'ftp';
  const model = (['all', 'folderandvideo', 'videoonly'] as const).find((m) => m === v.uploadmodel) ?? 'all';
  return {
    enable: v.enable === 'true',
    protocol,
    host: v.host ?? '',
    port: Number(v.port) || (protocol === 'sftp' || protocol === 'scp' ? 22 : 21),
    username: v.username ?? '',
    password: v.password ?? '',
    path: v.path ?? '',
    uploadmodel: model,
    window:
      v.timeenable === 'true' ? { begin: secondsOfDay(v.timebegin ?? '00:00:00'), end: secondsOfDay(v.timeend ?? '23:59:59') } : undefined,
  };
}

/** SCP is sent as SFTP over the same SSH connection (docs/upload.md says why). */
export const usesSsh = (c: Pick<FtpConfig, 'protocol'>) => c.protocol === 'sftp' || c.protocol === 'scp';
