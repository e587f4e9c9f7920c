import { Alert, App, Button, Card, Flex, Spin, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../../api/hooks';
import { useRecordStatus } from '../../../app/status';

/**
 * Disk scan (spec §4): reconciles the recordings list with the files on the storage (`scanfiles`). While the
 * status says `hdd_scanning` a spinner replaces the start button; while recording the scan is refused, so the
 * screen says to stop recording first. The status comes from the console's one status poll (every 5 s, more
 * often than the spec's 10 s), never from a timer of this screen.
 */
export function DiskScanCard() {
  const { t } = useTranslation('settings');
  const { message } = App.useApp();
  const { data, refresh } = useRecordStatus();
  const scan = useCallMutation('scanfiles', {
    onSuccess: () => {
      message.success(t('screens.storage.scanStarted'));
      void refresh();
    },
  });
  const scanning = data?.hdd_scanning === 'true';
  const recording = data?.isrecording === 'true' || data?.isrecordpending === 'true';

  return (
    <Card title={t('screens.storage.diskScan')} data-testid="disk-scan">
      <Flex vertical gap={12} align="flex-start">
        <Typography.Text type="secondary">{t('screens.storage.scanHelp')}</Typography.Text>
        {!data ? (
          <Spin />
        ) : scanning ? (
          <Flex gap={8} align="center" data-testid="disk-scan-running">
            <Spin />
            <Typography.Text>{t('screens.storage.scanning')}</Typography.Text>
          </Flex>
        ) : (
          <>
            {recording && (
              <Alert type="warning" showIcon title={t('screens.storage.scanWhileRecording')} data-testid="disk-scan-recording" />
            )}
            <Button icon={<SearchOutlined />} disabled={recording} loading={scan.isPending} onClick={() => scan.mutate({})}>
              {t('screens.storage.startScan')}
            </Button>
          </>
        )}
      </Flex>
    </Card>
  );
}
