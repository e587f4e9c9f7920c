import { useCallback, useState } from 'react';

type Update<T> = T | ((previous: T) => T);

/** A piece of UI state kept in local storage (menu open/selected keys, collapsed side menu). */
export function useLocalState<T>(key: string, initial: T): [T, (update: Update<T>) => void] {
  const [value, setValue] = useState<T>(() => readLocal(key, initial));
  const update = useCallback(
    (next: Update<T>) => {
      setValue((previous) => {
        const value = typeof next === 'function' ? (next as (p: T) => T)(previous) : next;
        writeLocal(key, value);
        return value;
      });
    },
    [key],
  );
  return [value, update];
}

export function readLocal<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

function writeLocal(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the state still works for this page load.
  }
}
