import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import i18n from './i18n';
import { AuthProvider } from './auth';
import { createQueryClient } from './query-client';
import { DocumentTitle } from './webconfig';

/**
 * What every route relies on, /login included: i18n, the query cache and the login. No antd here: /login must
 * stay small; antd's theme, locale, toasts and modals come with `AntdLayout`, around every other route.
 */
export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DocumentTitle />
        <AuthProvider>{children}</AuthProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
