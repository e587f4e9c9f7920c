/**
 * What a domain does when the service starts and stops. The composition root lists the domains' lifecycles in
 * the order they depend on each other; they start in that order and stop in the reverse one, so `app.ts` and
 * `main.ts` never name a domain.
 */
export interface Lifecycle {
  name: string;
  /** At boot, before the service listens (recovery, resuming what was on); `announce` says what it did to the operator. */
  start?: (announce: (line: string) => void) => Promise<void> | void;
  /** At shutdown: what runs is stopped and what must survive is kept for the next start. */
  stop?: () => Promise<void> | void;
}

/** The domains' lifecycles as one: start in order, stop in reverse; a stop that fails does not keep the others from stopping. */
export function lifecycles(list: Lifecycle[], log: (line: string) => void) {
  return {
    async start(announce: (line: string) => void = () => {}): Promise<void> {
      for (const l of list) await l.start?.(announce);
    },
    async stop(): Promise<void> {
      for (const l of [...list].reverse()) {
        try {
          await l.stop?.();
        } catch (err) {
          log(`${l.name}: stop failed: ${(err as Error).message}`);
        }
      }
    },
  };
}
export type Lifecycles = ReturnType<typeof lifecycles>;
