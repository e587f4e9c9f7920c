import { useRef } from 'react';
import { Empty, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/hooks';
import { clock, type RecordingFile, type Snapshot } from './recording-format';
import './recording.css';

interface Props {
  recordid: string;
  title: string;
  file: RecordingFile;
  onClose: () => void;
}

/** Plays one file of a recording from its signed URL; the snapshot strip under it seeks (spec §2). */
export function PlayerModal({ recordid, title, file, onClose }: Props) {
  const { t } = useTranslation('recording');
  const video = useRef<HTMLVideoElement>(null);
  const snapshots = useCallQuery('listsnapshot', { recordid }, { silent: true });
  // Snapshots are taken of one picture (the HD composite); they match only a file of that channel.
  const strip = (snapshots.data ?? []).filter((s) => s.channel === file.channel);

  const seek = (snapshot: Snapshot) => {
    const player = video.current;
    if (!player) return;
    player.currentTime = snapshot.snapposition;
    void player.play().catch(() => undefined);
  };

  return (
    <Modal open title={t('player.title', { title })} footer={null} onCancel={onClose} width={880} destroyOnHidden centered>
      {/* biome-ignore lint/a11y/useMediaCaption: recordings of a room have no caption track to offer */}
      <video ref={video} className="rc-player-video" src={file.url} controls autoPlay preload="metadata" data-testid="player-video" />
      <Typography.Title level={2} className="rc-player-strip-title">
        {t('player.snapshots')}
      </Typography.Title>
      {snapshots.isLoading ? (
        <Spin />
      ) : strip.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('player.noSnapshots')} />
      ) : (
        <ul className="rc-player-strip" data-testid="snapshot-strip">
          {strip.map((s) => (
            <li key={s.id}>
              <button
                type="button"
                className="rc-snapshot"
                onClick={() => seek(s)}
                aria-label={t('player.seekTo', { time: clock(s.snapposition) })}
              >
                <img src={s.url} alt="" loading="lazy" />
                <span>{clock(s.snapposition)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
