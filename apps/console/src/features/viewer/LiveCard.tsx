import { Card, Typography } from 'antd';
import { VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { liveUrl } from './room-status';

/**
 * The live room's HLS stream, 640x480 (spec §2). Browsers with native HLS play it directly; an HLS library
 * for the others comes with the live work.
 */
export function LiveCard({ roomname, urlsession }: { roomname: string; urlsession: string }) {
  const { t } = useTranslation('viewer');
  return (
    <Card
      className="rc-viewer-card"
      title={
        <span>
          <VideoCameraOutlined /> {t('live.title')}
        </span>
      }
      extra={<span className="rc-live-badge">{t('live.badge')}</span>}
      data-testid="live-card"
    >
      {roomname && <Typography.Paragraph strong>{roomname}</Typography.Paragraph>}
      <video className="rc-live-video" src={liveUrl(urlsession)} width={640} height={480} controls autoPlay muted playsInline>
        {t('live.unsupported')}
      </video>
    </Card>
  );
}
