import { describe, expect, it } from 'vitest';
import { lineSplitter, parsePanelLine, PANEL_MAX_LINE } from '../../src/services/devices/index.js';

describe('control panel line protocol', () => {
  it('reads the commands of docs/devices.md, in any case and spacing', () => {
    expect(parsePanelLine('PING')).toEqual({ kind: 'ping' });
    expect(parsePanelLine('record start')).toEqual({ kind: 'record', control: 'start' });
    expect(parsePanelLine('  Record   Resume ')).toEqual({ kind: 'record', control: 'resume' });
    expect(parsePanelLine('LAYOUT 9')).toEqual({ kind: 'layout', slot: 9 });
    expect(parsePanelLine('PRESET 7')).toEqual({ kind: 'preset', channel: 0, preset: 7 });
    expect(parsePanelLine('PRESET 3 0')).toEqual({ kind: 'preset', channel: 3, preset: 0 });
  });

  it('refuses anything else', () => {
    for (const line of [
      '',
      'PING 1',
      'RECORD',
      'RECORD GO',
      'RECORD START NOW',
      'LAYOUT 0',
      'LAYOUT 10',
      'LAYOUT x',
      'LAYOUT 1.5',
      'PRESET 10',
      'PRESET 4 1',
      'PRESET 0 10',
      'PRESET -1',
      'PRESET 1 2 3',
    ])
      expect(parsePanelLine(line), line).toBeUndefined();
  });

  it('splits lines at CR, LF or CR LF across chunks, skips empty ones and reports overlong ones once', () => {
    const lines: (string | undefined)[] = [];
    const feed = lineSplitter((l) => lines.push(l));
    feed(Buffer.from('PI'));
    feed(Buffer.from('NG\r\nRECORD STOP\rLAYOUT 2\n\r\n\n'));
    feed(Buffer.from(`${'x'.repeat(PANEL_MAX_LINE + 40)}\r\nPRESET 1\r\n`));
    expect(lines).toEqual(['PING', 'RECORD STOP', 'LAYOUT 2', undefined, 'PRESET 1']);
  });
});
