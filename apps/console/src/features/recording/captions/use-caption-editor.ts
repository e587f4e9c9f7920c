import { useEffect, useState } from 'react';
import type { CaptionTrack } from '@roomcast/contract';
import { ApiError } from '../../../api/client';
import { apiErrorText, useCallMutation, useCallQuery } from '../../../api/hooks';
import {
  type EditCue,
  editCues,
  joinCues,
  refusedCue,
  removeCue,
  savedCues,
  shiftCues,
  sortCues,
  splitCue,
  updateCue,
} from './caption-edit';

/** Cues on one page of the editor's table. */
export const CUES_PER_PAGE = 50;

/** A refusal of the service shown above the cues: its text, and the cue it names (from 1) when it names one. */
export interface EditProblem {
  text: string;
  cue?: number;
}

/**
 * The caption editor's state: the track's cues as loaded by getcaption and changed since, its label and reviewed
 * mark, the chosen rows, the page shown, and whether anything is unsaved. Saving sends them whole (in the service's
 * order, which the rows then take, so a refusal's cue number is the row's).
 */
export function useCaptionEditor(track: CaptionTrack) {
  const query = useCallQuery('getcaption', { id: track.id });
  const save = useCallMutation('savecaption', { invalidate: ['listcaption', 'getcaption'], silent: true });
  const [cues, setCues] = useState<EditCue[]>([]);
  const [label, setLabelState] = useState(track.label);
  const [reviewed, setReviewedState] = useState(track.reviewed);
  const [selected, setSelected] = useState<number[]>([]);
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<EditProblem>();
  /** A cue to bring into view and focus (from 1), with a count so the same one can be asked for again. */
  const [focus, setFocus] = useState<{ cue: number; times: number }>();
  const [dirty, setDirty] = useState(false);

  // What the service has (at first, and once saved: the texts as it keeps them), unless there are changes.
  useEffect(() => {
    if (!query.data || dirty) return;
    setCues(editCues(query.data.cues));
    setLabelState(query.data.track.label);
    setReviewedState(query.data.track.reviewed);
    setSelected([]);
  }, [query.data, dirty]);

  const change = (next: EditCue[]) => {
    setCues(next);
    setDirty(true);
  };
  const show = (cue: number) => {
    setPage(Math.ceil(cue / CUES_PER_PAGE));
    setFocus((f) => ({ cue, times: (f?.times ?? 0) + 1 }));
  };

  return {
    loading: query.isLoading,
    loadError: query.isError ? apiErrorText(query.error) : undefined,
    cues,
    label,
    reviewed,
    selected,
    page,
    problem,
    focus,
    dirty,
    saving: save.isPending,
    setPage,
    setSelected,
    setLabel: (value: string) => {
      setLabelState(value);
      setDirty(true);
    },
    setReviewed: (value: boolean) => {
      setReviewedState(value);
      setDirty(true);
    },
    update: (index: number, patch: Partial<Pick<EditCue, 'start' | 'end' | 'text'>>) => change(updateCue(cues, index, patch)),
    remove: (index: number) => {
      const key = cues[index]?.key;
      change(removeCue(cues, index));
      setSelected((s) => s.filter((k) => k !== key));
    },
    /** False when the cue cannot be split (too short, or a half would have no text). */
    split: (index: number, caret?: number): boolean => {
      const next = splitCue(cues, index, caret);
      if (next) change(next);
      return next !== undefined;
    },
    join: (index: number) => {
      const gone = cues[index + 1]?.key;
      const next = joinCues(cues, index);
      if (next) change(next);
      setSelected((s) => s.filter((k) => k !== gone));
    },
    /** Shifts the chosen cues (all when none is chosen); answers the shift applied. */
    shift: (deltaMs: number): number => {
      const { cues: next, applied } = shiftCues(cues, deltaMs, new Set(selected));
      if (applied !== 0) change(next);
      return applied;
    },
    /** Saves the track whole; true when the service took it. A refusal is kept in `problem` and its cue shown. */
    save: async (): Promise<boolean> => {
      const ordered = sortCues(cues);
      setCues(ordered);
      setProblem(undefined);
      try {
        await save.mutateAsync({ id: track.id, label: label.trim(), reviewed, cues: savedCues(ordered) });
        setDirty(false);
        return true;
      } catch (err) {
        const cue = err instanceof ApiError ? refusedCue(err.message) : undefined;
        setProblem({ text: apiErrorText(err), cue });
        if (cue) show(cue);
        return false;
      }
    },
    show,
  };
}
export type CaptionEditor = ReturnType<typeof useCaptionEditor>;
