import { Alert, Button, Descriptions, Flex, Spin } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../../api/hooks';
import { useAuth } from '../../../app/auth';
import { PageContainer } from '../../../components/PageContainer';
import { InstallUpdateCard } from './InstallUpdateCard';
import { lastUpdateText } from './update-text';

/**
 * /console/system/update (docs/update.md): the versions (this service, the operating system, the releases of the
 * install root, the last update's outcome, the key bundles must be signed with) and, for an admin, the upload of an
 * update bundle.
 */
export default function UpdatePage() {
  const { t } = useTranslation('system');
  const { user } = useAuth();
  const info = useCallQuery('updateinfo', {});
  const versions = useCallQuery('readconfig', { settingcode: 'setting_version' });
  const system = versions.data?.find((v) => v.key === 'systemversion')?.value ?? '';
  const i = info.data;

  return (
    <PageContainer
      title={t('update.title')}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void info.refetch()} loading={info.isFetching && !info.isLoading}>
          {t('update.refresh')}
        </Button>
      }
    >
      {!i ? (
        <div className="rc-center">
          <Spin />
        </div>
      ) : (
        <Flex vertical gap={16}>
          <Descriptions bordered size="small" column={1} title={t('update.versions')} data-testid="update-versions">
            <Descriptions.Item label={t('update.running')}>
              {i.commit ? t('update.runningValue', { version: i.version, commit: i.commit.slice(0, 7) }) : i.version}
            </Descriptions.Item>
            <Descriptions.Item label={t('update.system')}>{system || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('update.current')}>
              {i.current || t('update.none')}
              {i.trial && ` · ${t('update.trial', { version: i.trial })}`}
            </Descriptions.Item>
            <Descriptions.Item label={t('update.previous')}>{i.previous || t('update.none')}</Descriptions.Item>
            <Descriptions.Item label={t('update.last')}>{i.last ? lastUpdateText(i.last, t) : t('update.never')}</Descriptions.Item>
            <Descriptions.Item label={t('update.key')}>
              <span data-testid="update-key">{i.keyfingerprint || t('update.keyNone')}</span>
            </Descriptions.Item>
          </Descriptions>
          {!i.runningrelease && <Alert type="info" showIcon title={t('update.checkout')} />}
          {user?.role === 'admin' ? (
            <InstallUpdateCard info={i} onInstalled={() => void info.refetch()} />
          ) : (
            <Alert type="info" showIcon title={t('update.adminOnly')} />
          )}
        </Flex>
      )}
    </PageContainer>
  );
}
