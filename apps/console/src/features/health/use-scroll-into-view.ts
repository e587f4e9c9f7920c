import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element into view and gives it the focus when the address names it (`#id`), once it is `ready` and
 * again at each navigation to it (the health badge clicked on the workbench itself). The router does not do this.
 */
export function useScrollIntoView<E extends HTMLElement>(id: string, ready: boolean) {
  const ref = useRef<E>(null);
  const { hash, key } = useLocation();
  useEffect(() => {
    if (!ready || hash !== `#${id}`) return;
    ref.current?.scrollIntoView({ block: 'start' });
    ref.current?.focus({ preventScroll: true });
  }, [id, ready, hash, key]);
  return ref;
}
