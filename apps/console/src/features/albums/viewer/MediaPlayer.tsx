import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChapterList, CHAPTERS_PLAYER_WIDTH } from '../../../components/chapters/ChapterList';
import { useChapterPlayer } from '../../../components/chapters/use-chapter-player';
import { CaptionSelect } from '../../../components/captions/CaptionSelect';
import { useCaptionTracks } from '../../../components/captions/use-caption-tracks';
import type { Recording, RecordingFile } from './vod';
import { channelName } from './vod';

export interface Playing {
  recording: Recording;
  file: RecordingFile;
  /** Seconds into `file` to start from (a search hit's moment); from the start when absent. */
  startSeconds?: number;
}

/**
 * A recording file in a dialog, with the recording's chapters beside it (read-only: a click plays from one, in the
 * part it falls in). The URL is the signed, expiring media URL listmedia answered, so the `<video>` plays without a
 * session header, for anyone who may list the recording; its caption tracks' files are signed the same way.
 */
export function MediaPlayer({ playing, onClose }: { playing: Playing; onClose: () => void }) {
  const { t } = useTranslation('albums', { keyPrefix: 'viewer' });
  const { recording } = playing;
  const player = useChapterPlayer(recording.recordid, playing.file, recording.files, playing.startSeconds);
  const file = player.playing;
  const captions = useCaptionTracks(recording.recordid, file, recording.files, player.videoProps.ref);
  const withChapters = player.chapters.length > 0;
  return (
    <Modal
      open
      width={withChapters ? CHAPTERS_PLAYER_WIDTH : 880}
      title={recording.title || recording.name}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      centered
    >
      <div className={withChapters ? 'rc-with-chapters' : undefined}>
        <div>
          <video
            {...player.videoProps}
            className="rc-vod-video"
            controls
            playsInline
            preload="metadata"
            data-testid="vod-player"
            aria-label={t('player.label', { title: recording.title || recording.name, channel: channelName(file.channel) })}
          >
            {captions.trackProps.map((track) => (
              <track key={track.srcLang} {...track} />
            ))}
            {t('player.unsupported')}
          </video>
          <CaptionSelect captions={captions} />
          <Typography.Text type="secondary">{file.title || channelName(file.channel)}</Typography.Text>
        </div>
        {withChapters && <ChapterList chapters={player.chapters} current={player.current} onSeek={player.seek} />}
      </div>
    </Modal>
  );
}
