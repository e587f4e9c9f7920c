import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Recording, RecordingFile } from './vod';
import { channelName } from './vod';

export interface Playing {
  recording: Recording;
  file: RecordingFile;
}

/**
 * A recording file in a dialog. The URL is the signed, expiring media URL listmedia answered, so the
 * `<video>` plays without a session header, for anyone who may list the recording.
 */
export function MediaPlayer({ playing, onClose }: { playing: Playing; onClose: () => void }) {
  const { t } = useTranslation('albums', { keyPrefix: 'viewer' });
  const { recording, file } = playing;
  return (
    <Modal open width={880} title={recording.title || recording.name} footer={null} onCancel={onClose} destroyOnHidden centered>
      {/* biome-ignore lint/a11y/useMediaCaption: the appliance records picture and sound only; there is no caption track to offer */}
      <video
        className="rc-vod-video"
        src={file.url}
        controls
        autoPlay
        playsInline
        preload="metadata"
        data-testid="vod-player"
        aria-label={t('player.label', { title: recording.title || recording.name, channel: channelName(file.channel) })}
      >
        {t('player.unsupported')}
      </video>
      <Typography.Text type="secondary">{file.title || channelName(file.channel)}</Typography.Text>
    </Modal>
  );
}
