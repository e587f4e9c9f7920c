import { Alert, Button, Flex, Modal, Progress, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useCallMutation, useCallQuery } from '../../../api/hooks';
import { localizeServerMessage } from '../../../app/messages';
import { useRecordStatus } from '../../../app/status';
import { formatSize } from '../recording-format';
import { copyFinishing, currentFileName, followedCopy, usbCopyPercent } from './usb-copy';

interface Props {
  /** When the copy was started (epoch ms): states read before it belong to an earlier copy. */
  startedAt: number;
  onClose: () => void;
}

/**
 * The copy to the USB disk under way: progress by bytes, the file being copied, files copied of all, then done or
 * the failure; once it has ended, Eject writes out what is pending and unmounts the disk (`usbeject`).
 */
export function UsbCopyModal({ startedAt, onClose }: Props) {
  const { t } = useTranslation('recording', { keyPrefix: 'usb' });
  const { refresh } = useRecordStatus();
  const query = useCallQuery('usbcopystate', {}, { refetchInterval: 1000 });
  const copy = followedCopy(query.data, query.dataUpdatedAt, startedAt);
  const ended = copy?.state === 'done' || copy?.state === 'failed';
  const eject = useCallMutation('usbeject', { onSuccess: () => void refresh() });

  return (
    <Modal
      open
      title={t('title')}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          {ended && !eject.isSuccess && (
            <Button icon={<ExportOutlined />} loading={eject.isPending} onClick={() => eject.mutate({})} data-testid="usb-eject">
              {t('eject')}
            </Button>
          )}
          <Button type="primary" onClick={onClose}>
            {t('close')}
          </Button>
        </Flex>
      }
      data-testid="usb-copy-modal"
    >
      <Flex vertical gap={8}>
        <Progress
          percent={copy ? usbCopyPercent(copy) : 0}
          status={copy?.state === 'failed' ? 'exception' : copy?.state === 'done' ? 'success' : 'active'}
          aria-label={t('progress')}
        />
        {copy && (
          <>
            <Typography.Text data-testid="usb-copy-files">
              {t('files', { done: copy.copiedFiles, files: copy.files })} ·{' '}
              {t('bytes', { done: formatSize(copy.copiedBytes), bytes: formatSize(copy.bytes) })}
            </Typography.Text>
            {copy.state === 'copying' && copy.current && (
              <Typography.Text type="secondary" data-testid="usb-copy-current">
                {copyFinishing(copy) ? t('finishing') : t('current', { file: currentFileName(copy.current) })}
              </Typography.Text>
            )}
          </>
        )}
        {!copy && <Typography.Text type="secondary">{t('starting')}</Typography.Text>}
        {copy?.state === 'done' && <Alert type="success" showIcon title={t('done')} data-testid="usb-copy-done" />}
        {copy?.state === 'failed' && (
          <Alert type="error" showIcon title={t('failed')} description={localizeServerMessage(copy.error)} data-testid="usb-copy-failed" />
        )}
        {eject.isSuccess && <Alert type="info" showIcon title={t('ejected')} data-testid="usb-ejected" />}
      </Flex>
    </Modal>
  );
}
