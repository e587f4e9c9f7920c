import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { typedSetting } from '@roomcast/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { ftpConfigOf, type FtpConfig } from '../../src/services/sync/ftp/ftp-config.js';
import { openFtpSession } from '../../src/services/sync/ftp/ftp-session.js';
import type { RemoteSession } from '../../src/services/sync/ftp/remote-session.js';
import { openSftpSession } from '../../src/services/sync/ftp/sftp-session.js';
import { sha256InThread } from '../../src/services/recording/file-hash.js';
import { stagedUpload, type RemoteFs, type StagedUpload } from '../../src/services/sync/ftp/staged-upload.js';
import { TransferError } from '../../src/services/sync/transfer-target.js';
import { isRoot, startFtpServer, startSshd, type UploadServer } from '@roomcast/test-servers';

/*
 * The FTP/FTPS and SFTP sessions and the staged upload (part file, resume, size and hash checks, rename,
 * .sha256) against real servers on loopback: pyftpdlib and OpenSSH's sshd.
 */

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const scratch = mkdtempSync(join(tmpdir(), 'roomcast-ftp-clients-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function localFile(name: string, bytes: Buffer) {
  const path = join(scratch, name);
  writeFileSync(path, bytes);
  return { path, size: bytes.length, name, contentType: 'video/mp4' };
}

const configOf = (s: UploadServer, protocol: FtpConfig['protocol']) =>
  ftpConfigOf(
    typedSetting('setting_advance_ftp', {
      enable: 'true',
      protocol,
      host: '127.0.0.1',
      port: String(s.port),
      username: s.user,
      password: s.password,
    }),
  );

/** The staged upload with the local file's SHA-256 as the service hands it over (here computed, as for a file without a stored one). */
const staged = (fs: RemoteFs, u: Omit<StagedUpload, 'sha256'>) => stagedUpload(fs, { ...u, sha256: () => sha256InThread(u.local.path) });

function attempt(resume = '') {
  const state = { resume, saved: [] as string[], progress: 0 };
  return {
    state,
    resume,
    saveResume: (r: string) => {
      state.resume = r;
      state.saved.push(r);
    },
    progress: (n: number) => {
      state.progress = n;
    },
    signal: new AbortController().signal,
  };
}

/** The checks both protocols must pass, given a way to open a session. */
function sessionCases(open: () => Promise<RemoteSession>, server: () => UploadServer) {
  it('uploads a file byte-identical through a part file, then writes its .sha256 beside it', async () => {
    const bytes = randomBytes(3_000_000);
    const local = localFile('lecture one.mp4', bytes);
    const s = await open();
    try {
      const a = attempt();
      const digest = await staged(s.fs, { local, dest: `${s.home.replace(/\/$/, '')}/2026/講座/lecture_one.mp4`, ...a });
      expect(digest).toBe(sha(bytes));
      const dir = join(server().root, '2026', '講座');
      expect(readdirSync(dir).sort()).toEqual(['lecture_one.mp4', 'lecture_one.mp4.sha256']);
      expect(sha(readFileSync(join(dir, 'lecture_one.mp4')))).toBe(sha(bytes));
      expect(readFileSync(join(dir, 'lecture_one.mp4.sha256'), 'utf8')).toBe(`${sha(bytes)}  lecture_one.mp4\n`);
      expect(a.state.progress).toBe(bytes.length);
      expect(JSON.parse(a.state.saved.at(-1) as string)).toMatchObject({ stage: 'rename' });
    } finally {
      s.close();
    }
  });

  it('goes on with a part an earlier attempt left, and replaces an older file of the same name', async () => {
    const bytes = randomBytes(2_000_000);
    const local = localFile('resume.mp4', bytes);
    server().put('resume.mp4', 'an older upload');
    // What an interrupted attempt left: the first 700 000 bytes, confirmed.
    server().put('resume.mp4.part', bytes.subarray(0, 700_000));
    const s = await open();
    try {
      const a = attempt(JSON.stringify({ stage: 'upload', confirmed: 700_000 }));
      await staged(s.fs, { local, dest: `${s.home.replace(/\/$/, '')}/resume.mp4`, ...a });
      expect(sha(readFileSync(join(server().root, 'resume.mp4')))).toBe(sha(bytes));
      expect(existsSync(join(server().root, 'resume.mp4.part'))).toBe(false);
    } finally {
      s.close();
    }
  });

  it('a first attempt never trusts a part it finds (it may be of another file)', async () => {
    const bytes = randomBytes(500_000);
    const local = localFile('fresh.mp4', bytes);
    server().put('fresh.mp4.part', randomBytes(200_000));
    const s = await open();
    try {
      await staged(s.fs, { local, dest: `${s.home.replace(/\/$/, '')}/fresh.mp4`, ...attempt() });
      expect(sha(readFileSync(join(server().root, 'fresh.mp4')))).toBe(sha(bytes));
    } finally {
      s.close();
    }
  });
}

describe('FTP with pyftpdlib', async () => {
  const server = await startFtpServer({ hash: true });
  afterAll(() => server.stop());
  sessionCases(
    () => openFtpSession(configOf(server, 'ftp')),
    () => server,
  );

  it('says what the server said of itself, and a refused login is final with the server’s words', async () => {
    const s = await openFtpSession(configOf(server, 'ftp'));
    expect(s.greeting).toContain('Roomcast test FTP server ready.');
    s.close();
    const wrong = { ...configOf(server, 'ftp'), password: 'wrong' };
    const err = await openFtpSession(wrong).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransferError);
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toMatch(/^FTP server: 530/);
  });

  it('checks the server’s HASH against the hash it is handed (a stored one is not read from the file again)', async () => {
    const bytes = randomBytes(300_000);
    const local = localFile('stored-hash.mp4', bytes);
    const s = await openFtpSession(configOf(server, 'ftp'));
    try {
      const handed = { ...attempt(), local, dest: `${s.home.replace(/\/$/, '')}/stored-hash.mp4` };
      const wrong = await stagedUpload(s.fs, { ...handed, sha256: async () => '0'.repeat(64) }).catch((e: unknown) => e);
      expect(wrong).toMatchObject({ retryable: true, message: expect.stringMatching(/SHA-256 of stored-hash.mp4 differs/) });
      expect(await stagedUpload(s.fs, { ...handed, sha256: async () => sha(bytes) })).toBe(sha(bytes));
      expect(readFileSync(join(server.root, 'stored-hash.mp4.sha256'), 'utf8')).toBe(`${sha(bytes)}  stored-hash.mp4\n`);
    } finally {
      s.close();
    }
  });

  it('a server that is not there is worth retrying', async () => {
    const err = await openFtpSession({ ...configOf(server, 'ftp'), port: 1 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ retryable: true });
  });
});

describe('explicit FTPS with a certificate for 127.0.0.1', async () => {
  const server = await startFtpServer({ tls: true });
  afterAll(() => server.stop());
  it('uploads over TLS when the certificate is trusted, and refuses it for good when it is not', async () => {
    const bytes = randomBytes(400_000);
    const s = await openFtpSession(configOf(server, 'ftps'), { ca: server.ca });
    try {
      await staged(s.fs, { local: localFile('tls.mp4', bytes), dest: `${s.home.replace(/\/$/, '')}/tls.mp4`, ...attempt() });
    } finally {
      s.close();
    }
    expect(sha(readFileSync(join(server.root, 'tls.mp4')))).toBe(sha(bytes));
    const err = await openFtpSession(configOf(server, 'ftps')).catch((e: unknown) => e);
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toMatch(/^FTPS: .*certificate/);
  });
});

describe.skipIf(!isRoot())('SFTP with OpenSSH sshd', async () => {
  const server = await startSshd();
  afterAll(() => server.stop());
  let recorded: string | undefined;
  const hostKey = {
    seen: (fp: string) => {
      recorded = fp;
    },
  };
  sessionCases(
    () => openSftpSession(configOf(server, 'sftp'), hostKey),
    () => server,
  );

  it('names the server and its host key, and refuses a host key other than the recorded one', async () => {
    const s = await openSftpSession(configOf(server, 'sftp'), hostKey);
    expect(s.greeting).toMatch(/^SSH-2.0-OpenSSH_/);
    expect(s.greeting).toContain(server.fingerprint);
    expect(recorded).toBe(server.fingerprint);
    s.close();
    const err = await openSftpSession(configOf(server, 'scp'), { expected: 'SHA256:another', seen: () => {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ retryable: false });
    expect((err as Error).message).toContain('host key of 127.0.0.1 changed');
  });

  it('a refused password is final', async () => {
    const err = await openSftpSession({ ...configOf(server, 'sftp'), password: 'wrong' }, hostKey).catch((e: unknown) => e);
    expect(err).toMatchObject({ retryable: false });
  });

  it('files keep the account’s ownership (written by sshd as the account)', () => {
    expect(statSync(join(server.root, 'resume.mp4')).uid).toBe(statSync(server.root).uid);
  });
});
