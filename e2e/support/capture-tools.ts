import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

/** Outputs recorded from real cameras and sound devices (apps/server/test/fixtures/devices/README.md). */
const FIXTURES = resolve(import.meta.dirname, '../../apps/server/test/fixtures/devices');

/**
 * What each tool prints for the arguments the service gives it (apps/server/src/host/capture-devices.ts): one PC with
 * three USB cameras (an IPEVO document camera on video0, a Sony α7 IV on video2, an EMEET S800 on video4, each with a
 * metadata node after it), a Magewell DVI capture and an onboard card recording, and the same onboard card's five HDMI
 * outputs playing. video1's `--all` was not published: it answers as a node that cannot be opened, and is left out.
 */
const OUTPUTS: Record<string, Record<string, string>> = {
  'v4l2-ctl': {
    '--list-devices': 'ipevo-sony-emeet.list-devices.txt',
    '-d /dev/video0 --all': 'ipevo-ziggi-hd-plus.video0.all.txt',
    '-d /dev/video0 --list-formats-ext': 'ipevo-ziggi-hd-plus.video0.list-formats-ext.txt',
    '-d /dev/video1 --list-formats-ext': 'ipevo-ziggi-hd-plus.video1.list-formats-ext.txt',
    '-d /dev/video2 --all': 'sony-a7iv.video2.all.txt',
    '-d /dev/video2 --list-formats-ext': 'sony-a7iv.video2.list-formats-ext.txt',
    '-d /dev/video3 --all': 'sony-a7iv.video3.all.txt',
    '-d /dev/video3 --list-formats-ext': 'sony-a7iv.video3.list-formats-ext.txt',
    '-d /dev/video4 --all': 'emeet-s800.video4.all.txt',
    '-d /dev/video4 --list-formats-ext': 'emeet-s800.video4.list-formats-ext.txt',
    '-d /dev/video5 --all': 'emeet-s800.video5.all.txt',
    '-d /dev/video5 --list-formats-ext': 'emeet-s800.video5.list-formats-ext.txt',
  },
  arecord: { '-l': 'magewell-dvi-plus.arecord-l.txt' },
  aplay: { '-l': 'intel-pch-hdmi.aplay-l.txt' },
};

const quote = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** A POSIX shell script printing the recorded output for known arguments; any other call fails as a tool would. */
function script(tool: string, outputs: Record<string, string>): string {
  const cases = Object.entries(outputs).map(([args, file]) => `  ${quote(args)}) exec cat ${quote(join(FIXTURES, file))} ;;`);
  return [
    '#!/bin/sh',
    `# ${tool} as recorded from real devices (e2e/support/capture-tools.ts).`,
    'case "$*" in',
    ...cases,
    `  *) echo "${tool}: no recorded output for: $*" >&2; exit 1 ;;`,
    'esac',
    '',
  ].join('\n');
}

/**
 * Fake `v4l2-ctl`, `arecord` and `aplay` in a temporary directory, for services on a machine without capture hardware:
 * `env.PATH` puts them first, so the service lists the recorded cameras and sound devices. Nothing opens a device.
 */
export function startCaptureTools(): { env: Record<string, string>; dir: string; stop: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-e2e-capture-'));
  for (const [tool, outputs] of Object.entries(OUTPUTS)) {
    const file = join(dir, tool);
    writeFileSync(file, script(tool, outputs));
    chmodSync(file, 0o755);
  }
  return {
    dir,
    env: { PATH: [dir, process.env.PATH ?? ''].filter(Boolean).join(delimiter) },
    stop: () => rmSync(dir, { recursive: true, force: true }),
  };
}
