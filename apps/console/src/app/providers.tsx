import { useEffect, useState, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import i18n, { currentLanguage } from './i18n';
import { antdLocale, DAYJS_LOCALES } from './antd-locale';
import { AuthProvider } from './auth';
import { createQueryClient } from './query-client';
import { THEME } from './theme';
import { TOAST_CONFIG, ToastBridge } from './toast';
import { DocumentTitle } from './webconfig';

/** antd texts and dates follow the console's language; re-rendered when the language changes. */
function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n: live } = useTranslation();
  const lang = currentLanguage();
  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[lang]);
  }, [lang, live.language]);
  return (
    <ConfigProvider locale={antdLocale(lang)} theme={THEME}>
      <App message={TOAST_CONFIG} className="rc-app">
        <ToastBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}

/** Everything a screen may rely on: i18n, the query cache, antd (theme, locale, toasts) and the login. */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DocumentTitle />
        <LocalizedAntd>
          <AuthProvider>{children}</AuthProvider>
        </LocalizedAntd>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
