import type { SerialPortName } from '@roomcast/contract';
import type { SessionUser } from '../access/index.js';
import { Fail } from '../core/index.js';
import type { ChapterService } from '../chapters/index.js';
import type { LayoutService } from '../layout/index.js';
import type { RecordingService } from '../recording/index.js';
import { describePanelCommand, parsePanelLine, type PanelCommand } from './control-panel.js';
import type { PtzService } from './ptz-service.js';

/** Who a recording started from the wall panel belongs to (like `schedule` for scheduled ones): no person's. */
export const PANEL_USER: SessionUser = { sessionId: '', usercode: 'panel', username: 'control panel', role: 'user', functions: ['record'] };

export interface ControlPanelDeps {
  recording: RecordingService;
  chapters: Pick<ChapterService, 'mark'>;
  layouts: LayoutService;
  ptz: PtzService;
  /** The operation log's `write(usercode, source, description)`: rows of user `panel` from source `rs232`/`rs485`. */
  oplog: (usercode: string, source: string, description: string) => void;
}

/**
 * The control panel's commands, run through the services the calls use (recordctl's record control, markchapter,
 * setlayoutid's layout selection, remotecontrol's preset call), each answered OK or ERR and logged like a call.
 */
export function controlPanel(d: ControlPanelDeps) {
  async function run(c: PanelCommand): Promise<void> {
    switch (c.kind) {
      case 'ping':
        return;
      case 'record': {
        const r = d.recording;
        if (c.control === 'start') await r.start(PANEL_USER);
        else await r[c.control]();
        return;
      }
      case 'mark':
        d.chapters.mark('');
        return;
      case 'layout':
        return d.layouts.select(c.slot - 1);
      case 'preset':
        return d.ptz.callPreset(c.channel, c.preset);
    }
  }

  return {
    /** The answer line (without CR LF) to one line read from the port; `undefined` is a line that was too long. */
    async answer(port: SerialPortName, line: string | undefined): Promise<string> {
      if (line === undefined) return 'ERR line too long';
      const command = parsePanelLine(line);
      if (!command) return 'ERR unknown command';
      const what = `${describePanelCommand(command)} (control panel)`;
      try {
        await run(command);
        if (command.kind !== 'ping') d.oplog(PANEL_USER.usercode, port, what);
        return 'OK';
      } catch (err) {
        const reason = err instanceof Fail ? err.message : 'internal error';
        d.oplog(PANEL_USER.usercode, port, `${what} (failed: ${reason})`);
        return `ERR ${reason}`;
      }
    },
  };
}
