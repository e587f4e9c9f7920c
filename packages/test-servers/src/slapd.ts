import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { accepts, freePort, until } from './free-port.js';
import { selfSignedP256 } from './openssl.js';

const run = promisify(execFile);

/** A person of the test directory: `uid` under ou=people, with a password and a display name. */
export interface DirectoryPerson {
  uid: string;
  password: string;
  displayName: string;
}

/** A groupOfNames under ou=groups holding people by uid. */
export interface DirectoryGroup {
  cn: string;
  members: string[];
}

export const SLAPD_SUFFIX = 'dc=campus,dc=example';
const SERVICE_DN = `cn=roomcast,ou=services,${SLAPD_SUFFIX}`;

/** A CA of its own (openssl): the certificate PEM and the key and certificate files. */
async function makeCa(dir: string, name: string) {
  const file = name.replace(/\W+/g, '-').toLowerCase();
  const key = join(dir, `${file}.key`);
  const cert = join(dir, `${file}.pem`);
  await selfSignedP256({
    subject: name,
    extensions: ['basicConstraints=critical,CA:TRUE', 'keyUsage=critical,keyCertSign,cRLSign'],
    keyFile: key,
    certFile: cert,
  });
  return { key, cert, pem: readFileSync(cert, 'utf8') };
}

/**
 * OpenLDAP's slapd (Debian) on loopback with a scratch configuration and database: ou=people with these people,
 * ou=groups with these groupOfNames, and a service account that may read them (`bindDn`, `bindPassword`). It speaks
 * ldaps on `ldapsUrl` and ldap with StartTLS on `ldapUrl`, with a server certificate for 127.0.0.1 and localhost signed
 * by a CA made here (`ca`); `otherCa` is a CA that signed nothing of it (a wrong CA). `stop()` and `start()` take the
 * directory away and bring it back on the same ports (the directory stopped mid-session).
 */
export async function startSlapd(o: { people: DirectoryPerson[]; groups: DirectoryGroup[] }) {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-slapd-'));
  const [ldapsPort, ldapPort] = await Promise.all([freePort(), freePort()]);
  const ca = await makeCa(dir, 'Test Directory CA');
  const otherCa = await makeCa(dir, 'Some Other CA');
  const serverKey = join(dir, 'server.key');
  const serverCsr = join(dir, 'server.csr');
  const serverCert = join(dir, 'server.pem');
  await run('openssl', [
    'req',
    '-new',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-keyout',
    serverKey,
    '-out',
    serverCsr,
  ]);
  writeFileSync(join(dir, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  await run('openssl', [
    'x509',
    '-req',
    '-in',
    serverCsr,
    '-CA',
    ca.cert,
    '-CAkey',
    ca.key,
    '-CAcreateserial',
    '-days',
    '30',
    '-extfile',
    join(dir, 'server.ext'),
    '-out',
    serverCert,
  ]);
  const bindPassword = 'service-secret-1';
  const db = join(dir, 'db');
  mkdirSync(db);
  const conf = join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      ...['core', 'cosine', 'inetorgperson', 'nis'].map((s) => `include /etc/ldap/schema/${s}.schema`),
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      `TLSCACertificateFile ${ca.cert}`,
      `TLSCertificateFile ${serverCert}`,
      `TLSCertificateKeyFile ${serverKey}`,
      // Simple binds only over TLS (ssf): a client that skipped StartTLS is refused, as a campus directory would.
      'security simple_bind=128',
      'database mdb',
      `suffix "${SLAPD_SUFFIX}"`,
      `rootdn "cn=admin,${SLAPD_SUFFIX}"`,
      'rootpw admin-secret-1',
      `directory ${db}`,
      'maxsize 10485760',
      'access to attrs=userPassword by self =xw by anonymous auth by * none',
      `access to * by dn.exact="${SERVICE_DN}" read by self read by * none`,
    ].join('\n'),
  );
  const person = (p: DirectoryPerson) =>
    [
      `dn: uid=${p.uid},ou=people,${SLAPD_SUFFIX}`,
      'objectClass: inetOrgPerson',
      `uid: ${p.uid}`,
      `cn: ${p.uid}`,
      `sn: ${p.uid}`,
      `displayName:: ${Buffer.from(p.displayName).toString('base64')}`,
      `userPassword: ${p.password}`,
    ].join('\n');
  const group = (g: DirectoryGroup) =>
    [
      `dn: cn=${g.cn},ou=groups,${SLAPD_SUFFIX}`,
      'objectClass: groupOfNames',
      `cn: ${g.cn}`,
      // groupOfNames needs one member at least.
      ...(g.members.length ? g.members : ['nobody']).map((uid) => `member: uid=${uid},ou=people,${SLAPD_SUFFIX}`),
    ].join('\n');
  const ou = (name: string) => [`dn: ou=${name},${SLAPD_SUFFIX}`, 'objectClass: organizationalUnit', `ou: ${name}`].join('\n');
  const ldif = [
    [`dn: ${SLAPD_SUFFIX}`, 'objectClass: dcObject', 'objectClass: organization', 'o: Campus', 'dc: campus'].join('\n'),
    ou('people'),
    ou('groups'),
    ou('services'),
    [
      `dn: ${SERVICE_DN}`,
      'objectClass: organizationalRole',
      'objectClass: simpleSecurityObject',
      'cn: roomcast',
      `userPassword: ${bindPassword}`,
    ].join('\n'),
    ...o.people.map(person),
    ...o.groups.map(group),
  ].join('\n\n');
  writeFileSync(join(dir, 'data.ldif'), `${ldif}\n`);
  await run('slapadd', ['-f', conf, '-l', join(dir, 'data.ldif')]);

  let child: ChildProcess | undefined;
  const out: string[] = [];
  const start = async () => {
    const p = spawn(
      'slapd',
      ['-f', conf, '-h', `ldaps://127.0.0.1:${ldapsPort}/ ldap://127.0.0.1:${ldapPort}/`, '-d', process.env.SLAPD_DEBUG ?? '0'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    p.stdout?.on('data', (b: Buffer) => out.push(b.toString()));
    p.stderr?.on('data', (b: Buffer) => out.push(b.toString()));
    child = p;
    await until(
      'slapd to listen',
      async () => (await accepts(ldapsPort)) && (await accepts(ldapPort)),
      10_000,
      () => out.join('').slice(-800),
    );
  };
  const stop = async () => {
    const p = child;
    child = undefined;
    if (!p || p.exitCode !== null) return;
    const exited = new Promise((r) => p.once('exit', r));
    p.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    ldapsUrl: `ldaps://127.0.0.1:${ldapsPort}`,
    ldapUrl: `ldap://127.0.0.1:${ldapPort}`,
    /** The same server by the name its certificate also holds. */
    ldapsByName: `ldaps://localhost:${ldapsPort}`,
    ca: ca.pem,
    otherCa: otherCa.pem,
    suffix: SLAPD_SUFFIX,
    bindDn: SERVICE_DN,
    bindPassword,
    peopleBase: `ou=people,${SLAPD_SUFFIX}`,
    groupDn: (cn: string) => `cn=${cn},ou=groups,${SLAPD_SUFFIX}`,
    stop,
    start,
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type Slapd = Awaited<ReturnType<typeof startSlapd>>;
