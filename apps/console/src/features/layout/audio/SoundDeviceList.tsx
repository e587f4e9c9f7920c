import { Alert, Card, Flex, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlsaDevice } from '@roomcast/contract';
import type { CaptureDevicesState } from '../../../api/capture-devices';
import { alsaName } from './alsa-choices';

/** The Audio screen's "Sound devices": the ALSA capture and playback devices the box finds now, read every few seconds. */
export function SoundDeviceList({ capture }: { capture: CaptureDevicesState }) {
  const { t } = useTranslation('settings', { keyPrefix: 'screens.audio' });
  const audio = capture.devices?.audio;
  return (
    <Card type="inner" title={t('found')} data-testid="sound-devices">
      {audio === undefined ? (
        capture.failed ? (
          <Alert type="warning" showIcon title={t('foundFailed')} />
        ) : (
          <Spin />
        )
      ) : (
        <Flex vertical gap={16}>
          <AlsaTable title={t('capture')} devices={audio.capture} testId="sound-capture" />
          <AlsaTable title={t('playback')} devices={audio.playback} testId="sound-playback" />
        </Flex>
      )}
    </Card>
  );
}

function AlsaTable({ title, devices, testId }: { title: string; devices: AlsaDevice[]; testId: string }) {
  const { t } = useTranslation('settings', { keyPrefix: 'screens.audio' });
  return (
    <Table<AlsaDevice>
      size="small"
      data-testid={testId}
      pagination={false}
      tableLayout="fixed"
      rowKey={(d) => `${d.card}-${d.device}`}
      dataSource={devices}
      title={() => <Typography.Text strong>{title}</Typography.Text>}
      locale={{ emptyText: t('noneFound') }}
      columns={[
        { title: t('card'), key: 'card', width: '40%', render: (_, d) => `${d.name} (${d.id})` },
        { title: t('device'), key: 'device', width: '30%', render: (_, d) => d.deviceName || '—' },
        { title: t('alsaName'), key: 'name', render: (_, d) => <Typography.Text code>{alsaName(d)}</Typography.Text> },
      ]}
    />
  );
}
