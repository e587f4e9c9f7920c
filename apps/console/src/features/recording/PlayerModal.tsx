import { useMemo, useRef, useState } from 'react';
import { Empty, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallQuery } from '../../api/hooks';
import { channelParts, clock, partAt, type RecordingFile, type Snapshot } from './recording-format';
import './recording.css';

interface Props {
  recordid: string;
  title: string;
  /** The file to play first. */
  file: RecordingFile;
  /** Every file of the recording: a recording split into parts plays the part a snapshot is in. */
  files: RecordingFile[];
  onClose: () => void;
}

/**
 * Plays a recording's file from its signed URL; the snapshot strip under it seeks (spec §2). Snapshot positions
 * count recorded time from the start, so in a recording split into parts a snapshot of a later part switches the
 * player to that part and seeks within it.
 */
export function PlayerModal({ recordid, title, file, files, onClose }: Props) {
  const { t } = useTranslation('recording');
  const video = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(file);
  // A seek waiting for the newly chosen part to load.
  const pendingSeek = useRef<number | undefined>(undefined);
  const parts = useMemo(() => channelParts(files, file.channel), [files, file.channel]);
  const snapshots = useCallQuery('listsnapshot', { recordid }, { silent: true });
  // Snapshots are taken of one picture (the HD composite); they match only files of that channel.
  const strip = (snapshots.data ?? []).filter((s) => s.channel === file.channel);

  const seek = (snapshot: Snapshot) => {
    const player = video.current;
    const target = partAt(parts, snapshot.snapposition);
    if (!player || !target) return;
    if (target.part.file.fileid !== playing.fileid) {
      pendingSeek.current = target.time;
      setPlaying(target.part.file);
      return;
    }
    player.currentTime = target.time;
    void player.play().catch(() => undefined);
  };

  const applyPendingSeek = () => {
    const player = video.current;
    if (!player || pendingSeek.current === undefined) return;
    player.currentTime = pendingSeek.current;
    pendingSeek.current = undefined;
    void player.play().catch(() => undefined);
  };

  return (
    <Modal open title={t('player.title', { title })} footer={null} onCancel={onClose} width={880} destroyOnHidden centered>
      {/* biome-ignore lint/a11y/useMediaCaption: recordings of a room have no caption track to offer */}
      <video
        ref={video}
        className="rc-player-video"
        src={playing.url}
        controls
        autoPlay
        preload="metadata"
        onLoadedMetadata={applyPendingSeek}
        data-testid="player-video"
        data-file={playing.fileid}
      />
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
