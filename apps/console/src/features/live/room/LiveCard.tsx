import { Card, Typography } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LivePlayer } from '../../../components/live/LivePlayer';
import type { LiveSource } from '../../../components/live/live-playback';
import './live-room.css';

interface Props {
  roomname: string;
  source: LiveSource;
  refresh: () => Promise<LiveSource | undefined>;
}

/** The live room while it is on air and this viewer may watch it: the player at 640x480 (spec §2). */
export function LiveCard({ roomname, source, refresh }: Props) {
  const { t } = useTranslation('live', { keyPrefix: 'viewer' });
  return (
    <Card
      className="rc-viewer-card"
      title={
        <span>
          <VideoCameraOutlined /> {t('title')}
        </span>
      }
      extra={<span className="rc-live-badge">{t('badge')}</span>}
      data-testid="live-card"
    >
      {roomname && <Typography.Paragraph strong>{roomname}</Typography.Paragraph>}
      <LivePlayer source={source} refresh={refresh} label={t('playerLabel', { room: roomname })} width={640} height={480} />
    </Card>
  );
}
