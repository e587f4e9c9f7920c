import { layoutProblem, type LayoutProblem } from '@roomcast/contract';
import type { Repositories } from '../../db/repositories/index.js';
import type { LayoutSlot } from '../../db/repositories/layouts-repository.js';
import type { Room, ShownLayout } from '../room/index.js';
import { Fail } from '../core/index.js';
import { slidesFirstLayout } from './slides-first.js';

/** Spec §4/§5 layout rules (the contract's `layoutProblem`, which the layout modal applies too). */
export const checkLayout = (l: { type: number; channels: number; channeldata: string[] }): LayoutProblem | undefined => layoutProblem(l);

/** The refusal for a layout problem; `slot` (1-based) when it is one of the saved slots. */
function layoutFail(problem: LayoutProblem, slot?: number): Fail {
  if (problem === 'type') return Fail.of('layoutFail');
  if (slot === undefined) return Fail.of(problem === 'empty' ? 'layoutEmptyChannel' : 'layoutDuplicateChannel');
  return Fail.of(problem === 'empty' ? 'layoutSlotEmptyChannel' : 'layoutSlotDuplicateChannel', slot);
}

/**
 * The nine layout slots, the current one, and switching the output between them. `hasSource(letter)`: the
 * channel has an input configured (setting_video_input), which automatic switching needs for every slot.
 * `switchingChanged`: automatic switching was turned on or off, or the slides-first layout came or went (the
 * scheduler re-plans). `defaultShown`: the layout on the output while no slot or one-off layout is chosen.
 */
export function layoutService(
  repos: Repositories,
  room: Room,
  hasSource: (letter: string) => boolean = () => true,
  switchingChanged: () => void = () => {},
  defaultShown: () => { type: number; channeldata: string[] } = () => ({ type: 0, channeldata: ['A'] }),
) {
  /** Slide switching's slides-first layout is on the output until `until`; `back` is the layout it replaced. */
  let slidesFirst: { until: number; back: ShownLayout | undefined } | undefined;
  const current = (): LayoutSlot | undefined => repos.layouts.list()[repos.layouts.state().current];
  const use = (slot: LayoutSlot | undefined) => {
    // A layout chosen meanwhile (by hand or by automatic switching) ends the slides first for good: it stays.
    slidesFirst = undefined;
    // The media engine follows the room: a running encode is re-planned when the layout on the output changes.
    void room.apply({ type: 'layout.set', layout: slot && { type: slot.type, channeldata: slot.channeldata }, buttonId: slot?.index ?? 0 });
  };
  use(current());
  return {
    list: () => repos.layouts.list(),
    /** listlayout: the slots, the one on the output and whether automatic switching is on. */
    overview: () => {
      const state = repos.layouts.state();
      return { slots: repos.layouts.list(), current: state.current, switching: state.autoswitch === 1 };
    },
    save(slots: LayoutSlot[]) {
      for (const s of slots) {
        const problem = checkLayout(s);
        if (problem) throw layoutFail(problem, s.index + 1);
      }
      repos.layouts.saveAll(slots);
      if (slots.some((s) => s.index === repos.layouts.state().current)) use(current());
    },
    select(index: number) {
      repos.layouts.setCurrent(index);
      use(current());
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
      slidesFirst = undefined;
      void room.apply({ type: 'layout.set', layout: { type: l.type, channeldata: l.channeldata } });
    },
    /**
     * Slide switching (setting_ppt): the slides-first layout of channel `slides` on the output until `until`, when
     * `slidesFirstJob` puts the layout before it back. A new slide meanwhile only moves `until`. Returns whether
     * the output changed (not when it already shows the slides first).
     */
    showSlidesFirst(slides: string, until: number): boolean {
      if (slidesFirst) {
        slidesFirst.until = Math.max(slidesFirst.until, until);
        return false;
      }
      const shown = room.state.layout ?? defaultShown();
      const target = slidesFirstLayout(shown, slides);
      if (JSON.stringify(target) === JSON.stringify({ type: shown.type, channeldata: shown.channeldata })) return false;
      slidesFirst = { until, back: room.state.layout };
      void room.apply({ type: 'layout.set', layout: target });
      switchingChanged();
      return true;
    },
    /** Until when the slides-first layout is on the output (epoch ms), or undefined. */
    slidesFirstUntil: () => slidesFirst?.until,
    /** Puts the layout that was on the output before the slides first back (time is up, or switching was turned off). */
    endSlidesFirst() {
      if (!slidesFirst) return;
      const back = slidesFirst.back;
      slidesFirst = undefined;
      void room.apply({ type: 'layout.set', layout: back });
      switchingChanged();
    },
  };
}
export type LayoutService = ReturnType<typeof layoutService>;
