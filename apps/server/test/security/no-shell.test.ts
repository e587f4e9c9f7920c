import { describe, expect, it } from 'vitest';
import { shellUses } from './support/shell-scan.js';
import { sourceFiles } from './support/source-files.js';

describe('no shell anywhere: execFile/spawn with argument arrays only', () => {
  it('the scanner catches each forbidden form', () => {
    const bad = [
      "import { exec } from 'node:child_process'; exec('ffmpeg ' + url);",
      "import { execSync } from 'child_process';",
      "import * as cp from 'node:child_process'; cp.exec('x');",
      "const cp = require('child_process');",
      "const { exec } = await import('node:child_process');",
      "import { spawn } from 'node:child_process'; spawn('ffmpeg', args, { shell: true });",
      "import { spawn } from 'node:child_process'; spawn('ffmpeg', args, { stdio, shell: '/bin/sh' });",
      "import { execFile } from 'node:child_process'; execFile('sh', ['-c', cmd]);",
      "import { spawn } from 'node:child_process'; spawn('/bin/bash', ['-c', cmd]);",
    ];
    for (const text of bad) expect(shellUses('sample.ts', text), text).not.toEqual([]);
    const good = [
      "import { execFile, spawn, type ChildProcess } from 'node:child_process'; execFile('systemctl', ['reboot']); spawn('ffmpeg', args, { stdio });",
      'const m = /x/.exec(s); db.exec(sql);',
    ];
    for (const text of good) expect(shellUses('sample.ts', text), text).toEqual([]);
  });

  it('apps/server/src and packages/contract/src have no exec, execSync, shell option or shell command', () => {
    const found = ['apps/server/src', 'packages/contract/src'].flatMap((dir) =>
      sourceFiles(dir).flatMap(({ path, text }) => shellUses(path, text)),
    );
    expect(found).toEqual([]);
  });
});
