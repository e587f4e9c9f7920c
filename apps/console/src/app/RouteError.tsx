import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { reportFrontError } from './front-log';

/**
 * A page that failed to render or load (e.g. a stale chunk after an update): say so and offer a reload.
 * Plain HTML in the look of antd's Result: it must show even when antd's own chunks cannot be fetched.
 */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  useEffect(() => reportFrontError(error), [error]);
  return (
    <div className="rc-result">
      <svg className="rc-result-icon" viewBox="64 64 896 896" width="72" height="72" fill="#ff4d4f" aria-hidden focusable="false">
        <path d="M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82L512 466.75 384.14 338.88l-45.26 45.26L466.75 512 338.88 639.86l45.26 45.26L512 557.25l127.86 127.87 45.26-45.26L557.25 512l127.87-127.86z" />
      </svg>
      <h1 className="rc-result-title">{t('routeError.title')}</h1>
      <p className="rc-result-subtitle">{t('routeError.description')}</p>
      <button type="button" className="rc-button rc-button-primary" onClick={() => location.reload()}>
        {t('actions.reload')}
      </button>
    </div>
  );
}
