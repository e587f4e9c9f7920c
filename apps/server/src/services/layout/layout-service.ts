import { LAYOUT_TYPES } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { LayoutSlot } from '../../db/repositories/layouts-repository.js';
import type { EngineState } from '../../media/engine-state.js';
import { Fail } from '../core/index.js';

type LayoutProblem = 'type' | 'empty' | 'duplicate';

/** Spec §4/§5 layout rules: as many channels as the type has slots, none empty, none twice. */
export function checkLayout(l: { type: number; channels: number; channeldata: string[] }): LayoutProblem | undefined {
  const type = LAYOUT_TYPES[l.type];
  if (!type) return 'type';
  if (l.channels !== type.slots.length || l.channeldata.length !== type.slots.length) return 'empty';
  if (l.channeldata.some((c) => !c)) return 'empty';
  if (new Set(l.channeldata).size !== l.channeldata.length) return 'duplicate';
  return undefined;
}

/** The refusal for a layout problem; `slot` (1-based) when it is one of the saved slots. */
function layoutFail(problem: LayoutProblem, slot?: number): Fail {
  if (problem === 'type') return Fail.of('layoutFail');
  if (slot === undefined) return Fail.of(problem === 'empty' ? 'layoutEmptyChannel' : 'layoutDuplicateChannel');
  return Fail.of(problem === 'empty' ? 'layoutSlotEmptyChannel' : 'layoutSlotDuplicateChannel', slot);
}

/**
 * The nine layout slots, the current one, and switching the output between them. `hasSource(letter)`: the
 * channel has an input configured (setting_video_input), which automatic switching needs for every slot.
 * `switchingChanged`: automatic switching was turned on or off (the scheduler re-plans).
 */
export function layoutService(
  repos: Repositories,
  engine: EngineState,
  apply: () => void,
  hasSource: (letter: string) => boolean = () => true,
  switchingChanged: () => void = () => {},
) {
  const current = (): LayoutSlot | undefined => repos.layouts.list()[repos.layouts.state().current];
  const use = (slot: LayoutSlot | undefined) => {
    engine.layout = slot ? { type: slot.type, channeldata: slot.channeldata } : undefined;
    engine.layoutButtonId = slot?.index ?? 0;
  };
  use(current());
  return {
    list: () => repos.layouts.list(),
    save(slots: LayoutSlot[]) {
      for (const s of slots) {
        const problem = checkLayout(s);
        if (problem) throw layoutFail(problem, s.index + 1);
      }
      repos.layouts.saveAll(slots);
      if (slots.some((s) => s.index === repos.layouts.state().current)) {
        use(current());
        apply();
      }
    },
    select(index: number) {
      repos.layouts.setCurrent(index);
      use(current());
      apply();
    },
    setAutoswitch(on: boolean) {
      repos.layouts.setAutoswitch(on);
      switchingChanged();
    },
    autoswitch: () => repos.layouts.state().autoswitch === 1,
    /** Automatic switching: the next slot after the current one (wrapping) whose channels all have a source. */
    nextInRotation(): number | undefined {
      const usable = repos.layouts
        .list()
        .filter((s) => !checkLayout(s) && s.channeldata.every(hasSource))
        .map((s) => s.index);
      if (usable.length < 2) return undefined;
      const now = repos.layouts.state().current;
      return usable.find((i) => i > now) ?? usable[0];
    },
    currentIndex: () => repos.layouts.state().current,
    /** `layout {output}`: a one-off layout on the output (not saved to a slot). */
    applyOnce(l: { type: number; channels: number; channeldata: string[] }) {
      const problem = checkLayout(l);
      if (problem) throw layoutFail(problem);
      engine.layout = { type: l.type, channeldata: l.channeldata };
      apply();
    },
  };
}
export type LayoutService = ReturnType<typeof layoutService>;
