// Apart from screen-lock.ts, which names calls: the calls import this, and a file that imports the calls cannot be imported by them.
/** `setting_lockscreen.idleminutes`: minutes without input before the console locks; 0 locks only on demand. */
export const LOCK_IDLE_MINUTES = { min: 0, max: 240, default: 10 } as const;
