import { execFile } from 'node:child_process';

/** Exit code that asks the start script's supervisor loop to start the service again. */
export const RESTART_EXIT_CODE = 75;

export interface Power {
  reboot(): void;
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
  };
}
