import { startFtpServer } from '@roomcast/test-servers';
import { killCase, THROTTLE } from './kill9-case.js';

// The short case of npm test: FTP. SFTP (OpenSSH's sshd) in faults/long/kill-9-upload.test.ts.
killCase('ftp', () => startFtpServer({ limit: THROTTLE }));
