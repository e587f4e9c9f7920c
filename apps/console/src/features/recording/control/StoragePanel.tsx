import { Card, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRecordStatus } from '../../../app/status';
import { diskUsage } from './record-state';
import '../../../components/panel.css';
import './record-control.css';

/** Warning colours of a filling disk: orange from 80 % used, red from 95 %. */
function strokeColor(percent: number): string | undefined {
  if (percent >= 95) return '#d4380d';
  if (percent >= 80) return '#fa8c16';
  return undefined;
}

interface CircleProps {
  label: string;
  present: boolean;
  total: string;
  free: string;
  testId: string;
}

/** One disk: used share as a circle, free and total in GB, or "not present". */
function StorageCircle({ label, present, total, free, testId }: CircleProps) {
  const { t } = useTranslation('recording');
  const usage = diskUsage(total, free);
  return (
    <Flex vertical align="center" gap={8} className="rc-storage-disk" data-testid={testId}>
      <Typography.Text strong>{label}</Typography.Text>
      <Progress
        type="circle"
        size={116}
        aria-label={t('storage.usageLabel', { disk: label })}
        percent={present ? usage.percent : 0}
        strokeColor={present ? strokeColor(usage.percent) : undefined}
        // The circle never turns into a "done" tick at 100 %: a full disk is a number to read.
        status="normal"
        format={() =>
          present ? (
            <span className="rc-storage-percent">
              {usage.percent}%<small>{t('storage.used')}</small>
            </span>
          ) : (
            '—'
          )
        }
      />
      <Typography.Text type="secondary" className="rc-storage-caption">
        {present ? t('storage.free', { free: usage.freeGb, total: usage.totalGb }) : t('storage.notPresent')}
      </Typography.Text>
    </Flex>
  );
}

/** HDD and USB free space from the shared status (spec §2, §9). */
export function StoragePanel() {
  const { t } = useTranslation('recording');
  const { data } = useRecordStatus();
  return (
    <Card title={t('storage.title')} className="rc-panel" data-testid="storage-panel" loading={!data}>
      {data && (
        <Flex justify="space-around" wrap gap={16}>
          <StorageCircle
            label={t('storage.hdd')}
            present={data.hashdd === 'true'}
            total={data.hddtotalsize}
            free={data.hddfreesize}
            testId="storage-hdd"
          />
          <StorageCircle
            label={t('storage.usb')}
            present={data.hasusb === 'true'}
            total={data.usbtotalsize}
            free={data.usbfreesize}
            testId="storage-usb"
          />
        </Flex>
      )}
    </Card>
  );
}
