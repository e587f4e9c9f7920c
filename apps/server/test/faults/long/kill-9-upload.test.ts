import { isRoot, startFtpServer, startSshd } from '@roomcast/test-servers';
import { killCase, THROTTLE } from '../../sync/kill9-case.js';

// Fault: kill -9 of the service in the middle of its upload queue, to both servers (the FTP one also in npm test).
killCase('ftp', () => startFtpServer({ limit: THROTTLE }));
if (isRoot()) killCase('sftp', () => startSshd({ limit: THROTTLE }));
