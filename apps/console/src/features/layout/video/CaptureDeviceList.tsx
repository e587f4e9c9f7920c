import { Alert, Card, Empty, Flex, Spin, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { V4L2_INPUT_FORMATS, type VideoCaptureDevice } from '@roomcast/contract';
import type { CaptureDevicesState } from '../../../api/capture-devices';
import { rateValue } from './capture-choices';
import './video.css';

type Format = VideoCaptureDevice['formats'][number];

/**
 * The Video screen's "Capture devices": the V4L2 nodes the box finds now, each with its card, bus and driver and
 * every format with its sizes and rates (a Stepwise/Continuous format as its range), read again every few seconds.
 */
export function CaptureDeviceList({ capture }: { capture: CaptureDevicesState }) {
  const { t } = useTranslation('settings', { keyPrefix: 'screens.video' });
  const video = capture.devices?.video;
  return (
    <Card type="inner" title={t('found')} data-testid="capture-devices">
      {video === undefined ? (
        capture.failed ? (
          <Alert type="warning" showIcon title={t('foundFailed')} />
        ) : (
          <Spin />
        )
      ) : video.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noneFound')} />
      ) : (
        <Flex vertical gap={24}>
          {video.map((d) => (
            <VideoDevice key={d.path} device={d} />
          ))}
        </Flex>
      )}
    </Card>
  );
}

function VideoDevice({ device: d }: { device: VideoCaptureDevice }) {
  const { t } = useTranslation('settings', { keyPrefix: 'screens.video' });
  return (
    <section className="rc-capture-device" data-testid="capture-device" aria-label={`${d.card} (${d.path})`}>
      <Flex wrap gap={8} align="baseline">
        <Typography.Text strong>{d.card}</Typography.Text>
        <Typography.Text code>{d.path}</Typography.Text>
        <Typography.Text type="secondary">{t('busDriver', { bus: d.bus || '—', driver: d.driver || '—' })}</Typography.Text>
      </Flex>
      <Table<Format>
        size="small"
        className="rc-capture-formats"
        pagination={false}
        rowKey={(f) => f.fourcc}
        dataSource={d.formats}
        locale={{ emptyText: t('noFormats') }}
        columns={[
          { title: t('format'), key: 'format', width: 220, render: (_, f) => <FormatName format={f} /> },
          { title: t('sizes'), key: 'sizes', render: (_, f) => <FormatSizes format={f} /> },
        ]}
      />
    </section>
  );
}

function FormatName({ format: f }: { format: Format }) {
  const { t } = useTranslation('settings', { keyPrefix: 'screens.video' });
  const recordable = f.fourcc.trim() in V4L2_INPUT_FORMATS;
  return (
    <Flex vertical>
      <Typography.Text code>{f.fourcc.trim()}</Typography.Text>
      <Typography.Text type="secondary">{f.description}</Typography.Text>
      {!recordable && <Typography.Text type="secondary">{t('notRecordable')}</Typography.Text>}
    </Flex>
  );
}

/** Each listed size with its rates; a range as its bounds and step (its rates are not listed by the device). */
function FormatSizes({ format: f }: { format: Format }) {
  const { t } = useTranslation('settings', { keyPrefix: 'screens.video' });
  if (f.range) {
    const { min, max, step } = f.range;
    return (
      <Typography.Text>
        {t('range', { min: `${min.width}x${min.height}`, max: `${max.width}x${max.height}`, step: `${step.width}x${step.height}` })}
      </Typography.Text>
    );
  }
  return (
    <Flex wrap gap={4}>
      {f.sizes.map((s) => {
        const size = `${s.width}x${s.height}`;
        return (
          <Tag key={size} className="rc-capture-size">
            {s.fps.length ? t('sizeRates', { size, rates: s.fps.map(rateValue).join(', ') }) : size}
          </Tag>
        );
      })}
    </Flex>
  );
}
