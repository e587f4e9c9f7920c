import { Suspense, useEffect, useMemo, useState } from 'react';
import { App, ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import dayjs from 'dayjs';
import { FullPageSpin } from '../components/FullPageSpin';
import { currentLanguage } from './i18n';
import { antdLocale, DAYJS_LOCALES, isAntdLocaleLoaded, loadAntdLocale } from './antd-locale';
import { THEME } from './theme';
import { TOAST_CONFIG } from './toast-config';
import { useReducedMotion } from './use-reduced-motion';

/**
 * antd's theme, its texts and dates in the console's language, and <App> (message, modal) around every route
 * but /login, which loads no antd. Its own chunk, fetched with the first route that needs it (pages.ts).
 */
export default function AntdLayout() {
  const { i18n: live } = useTranslation();
  const lang = currentLanguage();
  // A language chosen on /login after this layout was loaded: its antd texts are fetched now.
  const [, setLoaded] = useState(0);
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[lang]);
    if (!isAntdLocaleLoaded(lang)) void loadAntdLocale(lang).then(() => setLoaded((n) => n + 1));
  }, [lang, live.language]);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => (reducedMotion ? { ...THEME, token: { ...THEME.token, motion: false } } : THEME), [reducedMotion]);
  return (
    <ConfigProvider locale={antdLocale(lang)} theme={theme}>
      <App message={TOAST_CONFIG} className="rc-app">
        <Suspense fallback={<FullPageSpin />}>
          <Outlet />
        </Suspense>
      </App>
    </ConfigProvider>
  );
}
