import { useState } from 'react';
import { Card, Flex, Radio, Select, Typography } from 'antd';
import { ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PTZ_CHANNELS, PTZ_SPEEDS } from '@roomcast/contract';
import { PageContainer } from '../../components/PageContainer';
import { CameraLine } from './CameraLine';
import { DirectionPad } from './DirectionPad';
import { HoldButton } from './HoldButton';
import { PresetControls } from './PresetControls';
import { usePtzPress } from './use-ptz-press';
import './devices.css';

/*
 * /console/operation/opeptz (spec §2 PTZ, §4): channel 0-3, speed, the direction pad and zoom (press starts, release
 * or the pointer leaving ends; keyboard and touch too), presets 0-9. The service drives the camera the channel's
 * settings name (setting_ptz_camera, on the Serial port screen) and stops a movement whose release never comes.
 */
export default function PtzPage() {
  const { t } = useTranslation('devices');
  const { t: tMenu } = useTranslation('menu');
  const [channel, setChannel] = useState(0);
  const [speed, setSpeed] = useState<number>(PTZ_SPEEDS.normal);
  const ptz = usePtzPress(channel, speed);

  return (
    <PageContainer title={tMenu('items.opeptz')}>
      <Flex vertical gap={16}>
        <Flex gap={24} wrap align="center">
          <Flex gap={8} align="center">
            <Typography.Text id="rc-ptz-channel">{t('ptz.channel')}</Typography.Text>
            <Select
              aria-labelledby="rc-ptz-channel"
              value={channel}
              onChange={setChannel}
              options={PTZ_CHANNELS.map((n) => ({ value: n, label: t('ptz.channelOption', { n }) }))}
              style={{ width: 140 }}
            />
          </Flex>
          <Flex gap={8} align="center">
            <Typography.Text id="rc-ptz-speed">{t('ptz.speed')}</Typography.Text>
            <Radio.Group
              aria-labelledby="rc-ptz-speed"
              optionType="button"
              value={speed}
              onChange={(e) => setSpeed(e.target.value as number)}
              options={Object.values(PTZ_SPEEDS).map((s) => ({ value: s, label: t(`ptz.speeds.${s}`) }))}
            />
          </Flex>
          <CameraLine channel={channel} />
        </Flex>
        <Typography.Text type="secondary">{t('ptz.holdHint')}</Typography.Text>
        <Flex gap={16} wrap>
          <Card type="inner" title={t('ptz.direction')} className="rc-ptz-card">
            <DirectionPad ptz={ptz} />
          </Card>
          <Card type="inner" title={t('ptz.zoom')} className="rc-ptz-card">
            <Flex gap={12}>
              <HoldButton target={{ controltype: 'zoom', zoom: 'in' }} label={t('ptz.zoomIn')} icon={<ZoomInOutlined />} ptz={ptz} />
              <HoldButton target={{ controltype: 'zoom', zoom: 'out' }} label={t('ptz.zoomOut')} icon={<ZoomOutOutlined />} ptz={ptz} />
            </Flex>
          </Card>
          <Card type="inner" title={t('ptz.presets')} className="rc-ptz-card">
            <PresetControls channel={channel} />
          </Card>
        </Flex>
      </Flex>
    </PageContainer>
  );
}
