import { execFile } from 'node:child_process';

/** Exit code that asks the start script's supervisor loop to start the service again. */
export const RESTART_EXIT_CODE = 75;

export interface Power {
  reboot(): void;
  /**
   * Restart only the service (after an update is installed): exit code 75 on either adapter, which the start script
   * and the launcher of the systemd unit answer by starting the service again (the launcher: the `current` release).
   * Absent: `reboot` stands in (tests).
   */
  restartService?(): void;
}

/** sandbox: restart only the service (the start script starts it again); host: reboot the machine. */
export function createPower(adapter: 'sandbox' | 'host', exit: (code: number) => void = (c) => process.exit(c)): Power {
  return {
    reboot() {
      if (adapter === 'host') {
        execFile('systemctl', ['reboot'], () => {});
        return;
      }
      exit(RESTART_EXIT_CODE);
    },
    restartService() {
      exit(RESTART_EXIT_CODE);
    },
  };
}
