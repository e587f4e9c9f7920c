import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LIMITS, SCREEN_LOCKED_STATUS, Status, STATUS_EVENT, STATUS_EVENTS_PATH, type CallData } from '@roomcast/contract';
import { type ApiError, call } from '../api/client';
import { followEventStream } from '../api/event-stream';
import { useScreenLocked } from '../api/screen-lock-state';
import { apiErrorText, callKey } from '../api/hooks';
import { useAuth } from './auth';
import { toastWarning } from './toast';

export type RecordStatus = CallData<'status'>;

export interface StatusState {
  /** The last status read; kept while a later poll fails. */
  data: RecordStatus | undefined;
  /** When `data` was read (epoch ms): timers tick locally from here between polls. */
  updatedAt: number;
  /** The last poll failed: the text a person reads (spec §8 "Record status failure"). */
  error: string | undefined;
  loading: boolean;
  /** Read the status now (after each command, spec §4). */
  refresh: () => Promise<void>;
  /**
   * Read the status `ms` from now, e.g. 3 s after a live start or stop (spec §4), when the engine has settled;
   * resolves once it has been read (at once if the provider goes away first).
   */
  refreshAfter: (ms: number) => Promise<void>;
}

interface StatusContextValue extends StatusState {
  /**
   * A screen that shows the status registers while mounted, with how often it needs it read; the poll runs only
   * while one is, as often as the most eager one asks.
   */
  watch: (everyMs: number) => () => void;
}

const StatusContext = createContext<StatusContextValue | undefined>(undefined);
const STATUS_KEY = callKey('status', {});

/**
 * The console's one polled `status` (record, live and storage state, the room's health). It polls every 5 s (spec §9;
 * once a minute while only the header's health badge shows it), and takes the service's pushes between polls, only
 * while someone is logged in, the screen is not locked and a screen using `useRecordStatus` is mounted; screens never
 * start their own timers for it.
 */
export function StatusProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [watchers, setWatchers] = useState<readonly number[]>([]);
  const locked = useScreenLocked();
  const enabled = Boolean(user) && watchers.length > 0 && !locked;
  const query = useQuery<RecordStatus, ApiError>({
    queryKey: STATUS_KEY,
    queryFn: () => call('status', {}),
    enabled,
    refetchInterval: watchers.length > 0 ? Math.min(...watchers) : false,
    staleTime: LIMITS.statusStaleMs,
    // A failed poll is shown and tried again at the next interval, not at once.
    retry: false,
  });

  usePushedStatus(enabled);

  const error =
    query.isError && query.error.status !== 401 && query.error.status !== SCREEN_LOCKED_STATUS ? apiErrorText(query.error) : undefined;
  useFailureWarning(error);

  const watch = useCallback((everyMs: number) => {
    setWatchers((list) => [...list, everyMs]);
    return () => setWatchers((list) => withoutOne(list, everyMs));
  }, []);
  const refresh = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: STATUS_KEY, exact: true });
  }, [queryClient]);
  const refreshAfter = useDelayedRefresh(refresh);

  const value = useMemo<StatusContextValue>(
    () => ({
      data: query.data,
      updatedAt: query.dataUpdatedAt,
      error,
      loading: query.isLoading,
      refresh,
      refreshAfter,
      watch,
    }),
    [query.data, query.dataUpdatedAt, error, query.isLoading, refresh, refreshAfter, watch],
  );
  return <StatusContext.Provider value={value}>{children}</StatusContext.Provider>;
}

/**
 * While the status is polled, the service also pushes it after each change of the room's state (contract
 * status-events.ts), so a recording started by a schedule or another console shows at once; the poll stays for
 * what changes without an event (storage, the clock) and for a stream that dropped.
 */
function usePushedStatus(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return followEventStream(
      STATUS_EVENTS_PATH,
      STATUS_EVENT,
      Status,
      (data) => queryClient.setQueryData(STATUS_KEY, data),
      () => undefined,
    );
  }, [enabled, queryClient]);
}

function withoutOne(list: readonly number[], value: number): readonly number[] {
  const at = list.indexOf(value);
  return at < 0 ? list : [...list.slice(0, at), ...list.slice(at + 1)];
}

/** Delayed reads of the status; the timers end with the provider (their promises then resolve at once). */
function useDelayedRefresh(refresh: () => Promise<void>): (ms: number) => Promise<void> {
  const pending = useRef(new Map<ReturnType<typeof setTimeout>, () => void>());
  useEffect(() => {
    const timers = pending.current;
    return () => {
      for (const [timer, done] of timers) {
        clearTimeout(timer);
        done();
      }
      timers.clear();
    };
  }, []);
  return useCallback(
    (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pending.current.delete(timer);
          void refresh().finally(resolve);
        }, ms);
        pending.current.set(timer, resolve);
      }),
    [refresh],
  );
}

/** One warning when polling starts failing (or fails differently), not one every 5 s. */
function useFailureWarning(error: string | undefined): void {
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (error && error !== shown.current) toastWarning(error);
    shown.current = error;
  }, [error]);
}

/**
 * The record/live/storage status for a screen that shows it; polling runs while such a screen is mounted, every 5 s
 * (spec §9) unless the screen needs it less often (`everyMs`, e.g. the header's health badge, which the pushes keep
 * current).
 */
export function useRecordStatus(everyMs: number = LIMITS.statusStaleMs): StatusState {
  const ctx = useContext(StatusContext);
  if (!ctx) throw new Error('useRecordStatus needs <StatusProvider>');
  const { watch } = ctx;
  useEffect(() => watch(everyMs), [watch, everyMs]);
  return ctx;
}
