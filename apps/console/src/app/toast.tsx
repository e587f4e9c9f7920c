import { useEffect } from 'react';
import { App, message as staticMessage } from 'antd';
import { LIMITS } from '@roomcast/contract';

/** Spec §9: toasts 100 px from the top, 3 s, at most 3 at once. */
export const TOAST_CONFIG = { top: LIMITS.toast.topPx, duration: LIMITS.toast.durationS, maxCount: LIMITS.toast.maxCount };
staticMessage.config(TOAST_CONFIG);

type MessageInstance = ReturnType<typeof App.useApp>['message'];

// Code outside React (query and mutation error handlers) needs a message API; the one from <App> follows the
// theme and locale, the static one is the fallback until the app has mounted.
let current: MessageInstance = staticMessage;

export function toast(): MessageInstance {
  return current;
}

/** Mounted once inside antd's <App>: hands its themed message API to non-React code. */
export function ToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    current = message;
    return () => {
      current = staticMessage;
    };
  }, [message]);
  return null;
}
