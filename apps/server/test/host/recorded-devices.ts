import { readFileSync } from 'node:fs';
import { readCaptureDevices } from '../../src/host/capture-devices.js';
import type { CommandRunner } from '../../src/host/command-runner.js';

/** Outputs recorded from real devices; fixtures/devices/README.md says which device and where each was published. */
export const fixture = (name: string) => readFileSync(new URL(`../fixtures/devices/${name}`, import.meta.url), 'utf8');

/**
 * A runner that answers with the outputs recorded from one box (three USB cameras) and one Raspberry Pi's sound, and
 * records what it was asked. A command with no recording fails as a node that cannot be opened would.
 */
export function recordedRunner() {
  const outputs: Record<string, string> = {
    'v4l2-ctl --list-devices': 'ipevo-sony-emeet.list-devices.txt',
    'v4l2-ctl -d /dev/video0 --all': 'ipevo-ziggi-hd-plus.video0.all.txt',
    'v4l2-ctl -d /dev/video0 --list-formats-ext': 'ipevo-ziggi-hd-plus.video0.list-formats-ext.txt',
    'v4l2-ctl -d /dev/video2 --all': 'sony-a7iv.video2.all.txt',
    'v4l2-ctl -d /dev/video2 --list-formats-ext': 'sony-a7iv.video2.list-formats-ext.txt',
    'v4l2-ctl -d /dev/video3 --all': 'sony-a7iv.video3.all.txt',
    'v4l2-ctl -d /dev/video4 --all': 'emeet-s800.video4.all.txt',
    'v4l2-ctl -d /dev/video4 --list-formats-ext': 'emeet-s800.video4.list-formats-ext.txt',
    'v4l2-ctl -d /dev/video5 --all': 'emeet-s800.video5.all.txt',
    'arecord -l': 'rpi4-cm108.arecord-l.txt',
    'aplay -l': 'rpi4-cm108.aplay-l.txt',
  };
  const calls: string[] = [];
  const runner: CommandRunner = {
    run: async (file, args) => {
      const command = [file, ...args].join(' ');
      calls.push(command);
      const name = outputs[command];
      if (!name) throw new Error(`${command}: Cannot open device, exiting.`);
      return fixture(name);
    },
  };
  return { runner, calls };
}

/** A runner on a machine without v4l-utils and alsa-utils: execFile's ENOENT for every tool. */
export const missingTools: CommandRunner = {
  run: async (file) => {
    throw new Error(`spawn ${file} ENOENT`);
  },
};

/** The devices of one box with three USB cameras and a Raspberry Pi's USB sound, read through the real parsers. */
export const recordedDevices = () => readCaptureDevices({ runner: recordedRunner().runner, procRoot: '/nonexistent' });
