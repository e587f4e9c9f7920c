import type { LayoutService } from './layout-service.js';
import type { Job } from '../core/index.js';

export interface LayoutRotationDeps {
  layouts: Pick<LayoutService, 'autoswitch' | 'nextInRotation' | 'currentIndex' | 'select' | 'slidesFirstUntil'>;
  /** True while the composite picture is being encoded (recording or live): only then is switching seen. */
  encoding: () => boolean;
  intervalMs: number;
  log: (line: string) => void;
}

/**
 * Automatic layout switching (`setlayoutswitch`): while it is on and the picture is encoded, the output
 * moves to the next saved layout every interval, in slot order, with the layout animation. A slot chosen by
 * hand holds for a whole interval before switching goes on from it. While slide switching shows the slides first,
 * it holds; the layout put back afterwards gets a whole interval too.
 */
export function layoutRotationJob(d: LayoutRotationDeps): Job {
  let due: number | undefined;
  let shown: number | undefined;
  return {
    name: 'layout switching',
    next(now) {
      const held = d.layouts.slidesFirstUntil() !== undefined;
      if (!d.layouts.autoswitch() || !d.encoding() || held || d.layouts.nextInRotation() === undefined) {
        due = undefined;
        return undefined;
      }
      const current = d.layouts.currentIndex();
      if (due === undefined || current !== shown) {
        shown = current;
        due = now + d.intervalMs;
      }
      return due;
    },
    async run(now) {
      if (due === undefined || now < due || d.layouts.slidesFirstUntil() !== undefined) return;
      const next = d.layouts.nextInRotation();
      due = now + d.intervalMs;
      if (next === undefined) return;
      d.layouts.select(next);
      shown = next;
      d.log(`layout switching: slot ${next + 1}`);
    },
  };
}
