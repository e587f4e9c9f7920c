import { useMemo } from 'react';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { SettingsPanel } from '../../../components/settings/SettingsPanel';
import { useRecordStatus } from '../../../app/status';
import { useWebConfig } from '../../../app/webconfig';
import { DiskScanCard } from './DiskScanCard';
import { storagePanels } from './storage-panels';

/*
 * /console/advance/storage (spec §2 Advanced): output storage, auto clear and retention, recording
 * segmentation over the shared SettingsPanel, and the disk scan below it (a command, not a setting).
 * Auto clear and retention run on the service's scheduler (services/recording/housekeeping-job.ts).
 */
export default function StoragePage() {
  const { t } = useTranslation('menu');
  const { site } = useWebConfig();
  const hasUsb = useRecordStatus().data?.hasusb === 'true';
  const panels = useMemo(() => storagePanels(site.mode4k, hasUsb), [site.mode4k, hasUsb]);
  return (
    <Flex vertical gap={16}>
      <SettingsPanel title={t('items.storage')} panels={panels} />
      <DiskScanCard />
    </Flex>
  );
}
