import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../api/client';
import { showApiError } from '../../api/hooks';
import { PtzPress, type PtzTarget } from './ptz-press';

const sameTarget = (a: PtzTarget | undefined, b: PtzTarget) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The PTZ screen's one press at a time over `PtzPress`: `press(target)` on pointer down or key down, `release(target)`
 * on pointer up, pointer leave, cancel, key up or blur. Leaving the page, hiding the tab or the window losing focus
 * ends a press too, so no release can be missed.
 */
export function usePtzPress(channel: number, speed: number) {
  const controller = useRef<PtzPress | null>(null);
  controller.current ??= new PtzPress({ send: (body) => call('remotecontrol', body), onError: showApiError });
  const [active, setActive] = useState<PtzTarget | undefined>(undefined);

  const press = useCallback(
    (target: PtzTarget) => {
      controller.current!.press(target, channel, speed);
      setActive(target);
    },
    [channel, speed],
  );
  const release = useCallback((target?: PtzTarget) => {
    const c = controller.current!;
    if (!c.active || (target && !sameTarget(c.active, target))) return;
    c.release();
    setActive(undefined);
  }, []);

  useEffect(() => {
    const releaseAll = () => release();
    const hidden = () => {
      if (document.visibilityState === 'hidden') release();
    };
    window.addEventListener('blur', releaseAll);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('blur', releaseAll);
      document.removeEventListener('visibilitychange', hidden);
      release();
    };
  }, [release]);

  return { press, release, active, isActive: (target: PtzTarget) => sameTarget(active, target) };
}
export type PtzPressApi = ReturnType<typeof usePtzPress>;
