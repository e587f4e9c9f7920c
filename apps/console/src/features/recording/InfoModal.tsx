import { Button, Descriptions, Modal, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Recording } from './recording-format';

/** Every field of a recording that spec §2 lists for the info modal. */
export function InfoModal({ recording: r, onClose }: { recording: Recording; onClose: () => void }) {
  const { t } = useTranslation('recording');
  const sync = (flag: boolean, time: string) => (flag ? `${t('yes')}${time ? ` (${time})` : ''}` : t('no'));
  const user = r.useraccount && r.useraccount !== r.usercode ? `${r.useraccount} (${r.usercode})` : r.usercode;
  const items: DescriptionsProps['items'] = [
    { key: 'id', label: t('info.id'), children: r.recordid },
    { key: 'title', label: t('info.title'), children: r.title },
    { key: 'name', label: t('info.name'), children: r.name },
    { key: 'start', label: t('info.starttime'), children: r.starttime },
    ...(r.stop ? [{ key: 'stop', label: t('info.stoptime'), children: r.stoptime }] : []),
    { key: 'user', label: t('info.user'), children: user },
    { key: 'source', label: t('info.source'), children: r.source },
    { key: 'netsync', label: t('info.netsync'), children: sync(r.netsync, r.netsynctime) },
    { key: 'mediasvrsync', label: t('info.mediasvrsync'), children: sync(r.mediasvrsync, r.mediasvrsynctime) },
    { key: 'album', label: t('info.album'), children: r.album },
    { key: 'files', label: t('info.fileCount'), children: r.files.length },
  ];
  return (
    <Modal
      open
      title={t('info.heading')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('close')}
        </Button>
      }
      width={640}
      destroyOnHidden
    >
      <Descriptions bordered size="small" column={1} items={items} data-testid="recording-info" />
    </Modal>
  );
}
