import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

/*
 * Real upload servers on loopback for the FTP/SFTP tests and benchmarks: pyftpdlib (FTP, explicit FTPS) and
 * OpenSSH's sshd with a scratch config, host key and account. Each has a scratch root, can be killed (SIGKILL,
 * connections included) and started again on the same port.
 */

/** The Python servers beside src/ and dist/. */
const HERE = new URL('../servers/', import.meta.url).pathname;
const PYTHON = '/usr/bin/python3';
/** The accounts the scratch sshds let in: one per server (this prefix and a random part), removed at its stop. */
export const SFTP_USER_PREFIX = 'roomcast-sftp-';
export const isRoot = () => process.getuid?.() === 0;

export interface UploadServer {
  port: number;
  /** Where the account's files land on disk. */
  root: string;
  user: string;
  password: string;
  /** Writes a file into the root as if the account had (owned by it). */
  put(rel: string, data: string | Buffer): void;
  /** SIGKILL to the server and its connections (a crash or a pulled cable, as the client sees it). */
  kill(): Promise<void>;
  /** Starts it again on the same port and root. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/** Every descendant of a process (from /proc), deepest first. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      walk(c);
      out.push(c);
    }
  };
  walk(pid);
  return out;
}

const killHard = (pid: number) => {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
};

/** Waits until the port accepts connections (and the server said its first line, for sshd). */
async function listening(port: number, proc: ChildProcess, output: () => string, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (proc.exitCode !== null) throw new Error(`server exited: ${output()}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('data', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
      s.setTimeout(1000, () => {
        s.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not listen on ${port}: ${output()}`);
}

function supervise(start: () => ChildProcess, port: number, cleanup: () => void): Promise<UploadServer> {
  let proc: ChildProcess;
  let out = '';
  const launch = async () => {
    out = '';
    proc = start();
    proc.stdout?.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-4000)));
    proc.stderr?.on('data', (b: Buffer) => (out = (out + b.toString()).slice(-4000)));
    await listening(port, proc, () => out);
  };
  const kill = async () => {
    const pid = proc.pid as number;
    const exited = proc.exitCode === null ? new Promise((r) => proc.once('exit', r)) : Promise.resolve();
    for (const p of [pid, ...descendants(pid)]) killHard(p);
    await exited;
  };
  return launch().then(() => ({
    port,
    root: '',
    user: '',
    password: '',
    put: () => {},
    kill,
    restart: launch,
    stop: async () => {
      await kill();
      cleanup();
    },
  }));
}

export interface FtpServerOptions {
  /** Bytes per second the server reads from a data connection (0: unlimited). */
  limit?: number;
  /** Explicit FTPS with a scratch certificate for 127.0.0.1 (its PEM is `ca`). */
  tls?: boolean;
  /** Offer HASH (SHA-256). */
  hash?: boolean;
}

/** pyftpdlib on a free loopback port with one account whose root is a scratch folder. */
export async function startFtpServer(o: FtpServerOptions = {}): Promise<UploadServer & { ca?: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-ftp-'));
  const root = join(dir, 'root');
  mkdirSync(root);
  const port = await freePort();
  const user = 'lecturer';
  const password = `pw-${randomBytes(6).toString('hex')}`;
  const args = [join(HERE, 'ftp-server.py'), '--port', String(port), '--root', root, '--user', user, '--password', password];
  if (o.limit) args.push('--limit', String(o.limit));
  if (o.hash) args.push('--hash');
  let ca: string | undefined;
  if (o.tls) {
    const cert = join(dir, 'cert.pem');
    const key = join(dir, 'key.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    args.push('--cert', cert, '--key', key);
    ca = readFileSync(cert, 'utf8');
  }
  const server = await supervise(
    () => spawn(PYTHON, args, { stdio: ['ignore', 'pipe', 'pipe'] }),
    port,
    () => rmSync(dir, { recursive: true, force: true }),
  );
  return { ...server, root, user, password, ca, put: (rel, data) => writeFileSync(join(root, rel), data) };
}

/**
 * A scratch account for one sshd (shell /bin/sh for the subsystem) with a random password. One per server: tests
 * running at the same time each have their own, so one server's start or stop never changes another's login.
 */
function sftpAccount(): { user: string; password: string } {
  const user = `${SFTP_USER_PREFIX}${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  execFileSync('useradd', ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/bin/sh', user]);
  execFileSync('chpasswd', { input: `${user}:${password}\n` });
  return { user, password };
}

/**
 * OpenSSH's sshd (Debian's openssh-server) on a free loopback port: a scratch config that lets only the
 * scratch account in with its password, a new ed25519 host key, and the SFTP subsystem (OpenSSH's
 * sftp-server) starting in the scratch root; `limit` puts a throttling pipe in front of it. Needs root (sshd
 * checks passwords against the system's accounts); the account is removed at stop.
 */
export async function startSshd(o: { limit?: number } = {}): Promise<UploadServer & { fingerprint: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-sshd-'));
  chmodSync(dir, 0o755);
  const root = join(dir, 'root');
  mkdirSync(root);
  const port = await freePort();
  const { user, password } = sftpAccount();
  const uid = Number(execFileSync('id', ['-u', user]).toString().trim());
  const gid = Number(execFileSync('id', ['-g', user]).toString().trim());
  chownSync(root, uid, gid);
  const hostKey = join(dir, 'host_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', hostKey]);
  const fingerprint = execFileSync('ssh-keygen', ['-l', '-E', 'sha256', '-f', `${hostKey}.pub`])
    .toString()
    .split(' ')[1];
  // The subsystem runs as the scratch account, which may not read the checkout (a clone in a 0700 folder):
  // it runs a copy of the throttle in the scratch folder.
  const throttle = join(dir, 'sftp-throttle.py');
  if (o.limit) copyFileSync(join(HERE, 'sftp-throttle.py'), throttle);
  const subsystem = o.limit ? `${PYTHON} ${throttle} ${o.limit} -d ${root}` : `/usr/lib/openssh/sftp-server -d ${root}`;
  const config = join(dir, 'sshd_config');
  writeFileSync(
    config,
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${hostKey}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      'UsePAM no',
      'PasswordAuthentication yes',
      'KbdInteractiveAuthentication no',
      'PubkeyAuthentication no',
      'PermitRootLogin no',
      `AllowUsers ${user}`,
      'AuthorizedKeysFile none',
      'X11Forwarding no',
      'AllowTcpForwarding no',
      'PermitTTY no',
      'StrictModes no',
      'MaxStartups 50',
      'LogLevel ERROR',
      `Subsystem sftp ${subsystem}`,
      '',
    ].join('\n'),
  );
  mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });
  const server = await supervise(
    () => spawn('/usr/sbin/sshd', ['-D', '-e', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] }),
    port,
    () => {
      execFileSync('userdel', ['--force', user], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  );
  const put = (rel: string, data: string | Buffer) => {
    writeFileSync(join(root, rel), data);
    chownSync(join(root, rel), uid, gid);
  };
  return { ...server, root, user, password, fingerprint, put };
}
