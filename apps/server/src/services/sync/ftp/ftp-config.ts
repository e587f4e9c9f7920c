import type { TypedSetting } from '@roomcast/contract';
import { secondsOfDay, type UploadWindow } from './upload-window.js';

type FtpSetting = TypedSetting<'setting_advance_ftp'>;
export type UploadModel = FtpSetting['uploadmodel'];
export type FtpProtocol = FtpSetting['protocol'];

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

export function ftpConfigOf(v: FtpSetting): FtpConfig {
  return {
    enable: v.enable,
    protocol: v.protocol,
    host: v.host,
    port: v.port,
    username: v.username,
    password: v.password,
    path: v.path,
    uploadmodel: v.uploadmodel,
    window: v.timeenable ? { begin: secondsOfDay(v.timebegin), end: secondsOfDay(v.timeend) } : undefined,
  };
}

/** SCP is sent as SFTP over the same SSH connection (docs/upload.md says why). */
export const usesSsh = (c: Pick<FtpConfig, 'protocol'>) => c.protocol === 'sftp' || c.protocol === 'scp';
