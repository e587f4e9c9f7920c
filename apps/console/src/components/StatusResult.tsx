import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** 403 (a route whose function the user lacks) and 404 (no such route), with a way back. */
export default function StatusResult({ status }: { status: 403 | 404 }) {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const key = status === 403 ? 'forbidden' : 'notFound';
  return (
    <Result
      status={status}
      title={t(`${key}.title`)}
      subTitle={t(`${key}.description`)}
      extra={
        <Button type="primary" onClick={() => navigate('/main')}>
          {t('actions.backToViewer')}
        </Button>
      }
    />
  );
}
