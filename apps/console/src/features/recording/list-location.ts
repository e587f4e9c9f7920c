import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { LIMITS } from '@roomcast/contract';
import { SEARCH_QUERY_MAX } from '../../components/search/search-format';

/** The recordings list's path. */
export const LIST_PATH = '/console/file/video';
const LAST_SEARCH_KEY = 'roomcast.recordings.search';

/**
 * What the list shows: the name searched, the created-date range (YYYY-MM-DD), the page and its size; and the words
 * searched in titles, chapters and captions (`q`: while set, its hits replace the list).
 */
export interface ListState {
  q: string;
  name: string;
  start: string;
  end: string;
  page: number;
  pageSize: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const positive = (text: string | null, fallback: number) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/**
 * The list's state lives in its URL (`?q=&name=&start=&end=&page=&size=`), so Back from a recording's files or the
 * album picker, a reload or a shared link comes back to the same search and page. The last one is remembered
 * for the session, for the pages that lead back to the list.
 */
export function useListState(): [ListState, (next: Partial<ListState>) => void] {
  const [params, setParams] = useSearchParams();
  const sizes: readonly number[] = LIMITS.recordingsPageSizes;
  const size = positive(params.get('size'), sizes[0]);
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  const state: ListState = {
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_MAX),
    name: params.get('name') ?? '',
    start: DAY.test(start) && DAY.test(end) ? start : '',
    end: DAY.test(start) && DAY.test(end) ? end : '',
    page: positive(params.get('page'), 1),
    pageSize: sizes.includes(size) ? size : sizes[0],
  };
  const update = useCallback(
    (next: Partial<ListState>) => {
      setParams(
        (previous) => {
          const merged = { ...Object.fromEntries(previous), ...next };
          const out = new URLSearchParams();
          if (merged.q) out.set('q', String(merged.q));
          if (merged.name) out.set('name', String(merged.name));
          if (merged.start && merged.end) {
            out.set('start', String(merged.start));
            out.set('end', String(merged.end));
          }
          if (Number(merged.page) > 1) out.set('page', String(merged.page));
          const nextSize = 'pageSize' in next ? next.pageSize : Number(previous.get('size') ?? sizes[0]);
          if (nextSize !== sizes[0]) out.set('size', String(nextSize));
          return out;
        },
        { replace: true },
      );
    },
    [setParams, sizes],
  );
  const search = params.toString();
  useEffect(() => {
    try {
      sessionStorage.setItem(LAST_SEARCH_KEY, search ? `?${search}` : '');
    } catch {
      // storage unavailable: Back goes to the list's first page
    }
  }, [search]);
  return [state, update];
}

/** The list as it was last shown in this session (its search and page), for Back and after choosing an album. */
export function listLocation(): string {
  let search = '';
  try {
    search = sessionStorage.getItem(LAST_SEARCH_KEY) ?? '';
  } catch {
    // storage unavailable: the list's first page
  }
  return `${LIST_PATH}${search}`;
}
