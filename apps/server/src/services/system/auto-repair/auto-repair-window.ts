import { upcoming, type Rule } from '../../schedule/index.js';

/** One opening of the auto repair window: epoch ms. */
export interface RepairWindow {
  start: number;
  end: number;
}

/**
 * The auto repair window (`setting_autorepair` starttime-endtime, device zone) open at `now`, or the next one; pure.
 * The schedule domain's occurrence arithmetic does the work: a daily rule from start's time of day to end's, so an
 * end at or before the start ends the next day (overnight) and an empty window never opens.
 */
export function repairWindow(starttime: string, endtime: string, offsetMin: number, now: number): RepairWindow | undefined {
  const rule: Rule = {
    start: `2000-01-01 ${starttime}`,
    stop: `9999-12-31 ${endtime}`,
    cycle: 'day',
    weekdays: 0,
    months: 0,
    monthdays: 0,
  };
  return upcoming(rule, offsetMin, now, 1)[0];
}
