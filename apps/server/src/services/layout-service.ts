import { LAYOUT_TYPES, MESSAGES } from '@roomcast/contract';
import type { Repositories } from '../db/repositories/index.js';
import type { LayoutSlot } from '../db/repositories/layouts-repository.js';
import type { EngineState } from '../media/engine-state.js';
import { Fail } from './fail.js';

/** Spec §4/§5 layout rules: as many channels as the type has slots, none empty, none twice. */
export function checkLayout(l: { type: number; channels: number; channeldata: string[] }): string | undefined {
  const type = LAYOUT_TYPES[l.type];
  if (!type) return `layout type ${l.type} does not exist`;
  if (l.channels !== type.slots.length || l.channeldata.length !== type.slots.length) return 'Empty channel is not allowed.';
  if (l.channeldata.some((c) => !c)) return 'Empty channel is not allowed.';
  if (new Set(l.channeldata).size !== l.channeldata.length) return 'Duplicate channel is not allowed.';
  return undefined;
}

/** The nine layout slots, the current one, and switching the output between them. */
export function layoutService(repos: Repositories, engine: EngineState, apply: () => void) {
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
        if (problem) throw new Fail(`${MESSAGES.layoutFail}: slot ${s.index + 1}: ${problem}`);
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
    setAutoswitch: (on: boolean) => repos.layouts.setAutoswitch(on),
    /** `layout {output}`: a one-off layout on the output (not saved to a slot). */
    applyOnce(l: { type: number; channels: number; channeldata: string[] }) {
      const problem = checkLayout(l);
      if (problem) throw new Fail(`${MESSAGES.layoutFail}: ${problem}`);
      engine.layout = { type: l.type, channeldata: l.channeldata };
      apply();
    },
  };
}
export type LayoutService = ReturnType<typeof layoutService>;
