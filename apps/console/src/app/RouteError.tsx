import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** A page that failed to render or load (e.g. a stale chunk after an update): say so and offer a reload. */
export function RouteError() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <Result
      status="error"
      title={t('routeError.title')}
      subTitle={t('routeError.description')}
      extra={<Button type="primary" onClick={() => location.reload()}>{t('actions.reload')}</Button>}
    />
  );
}
