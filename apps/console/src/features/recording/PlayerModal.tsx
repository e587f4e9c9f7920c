import { useMemo } from 'react';
import { App, Empty, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCallMutation, useCallQuery } from '../../api/hooks';
import { ChapterList, CHAPTERS_PLAYER_WIDTH, type ChapterEdit } from '../../components/chapters/ChapterList';
import { useChapterPlayer } from '../../components/chapters/use-chapter-player';
import { CaptionSelect } from '../../components/captions/CaptionSelect';
import { useCaptionTracks } from '../../components/captions/use-caption-tracks';
import { channelParts, clock, partAt, type RecordingFile, type Snapshot } from './recording-format';
import './recording.css';

interface Props {
  recordid: string;
  title: string;
  /** The file to play first. */
  file: RecordingFile;
  /** Every file of the recording: a recording split into parts plays the part a chapter (or snapshot) is in. */
  files: RecordingFile[];
  /** Seconds into `file` to start from (a search hit's moment); from the start when absent. */
  startSeconds?: number;
  onClose: () => void;
}

/**
 * Plays a recording's file from its signed URL with its chapters beside it (issue 22): a click plays from a
 * chapter, in the part it falls in; the playing one is highlighted; who may change recordings renames and removes
 * them. Its caption tracks play with it, the language chosen under the video. A recording without chapters (made
 * before them, or without slides) keeps the snapshot strip (spec §2).
 */
export function PlayerModal({ recordid, title, file, files, startSeconds, onClose }: Props) {
  const { t } = useTranslation('recording');
  const { message } = App.useApp();
  const player = useChapterPlayer(recordid, file, files, startSeconds);
  const captions = useCaptionTracks(recordid, player.playing, files, player.videoProps.ref);
  const withChapters = player.chapters.length > 0;

  // Who may change this recording (listchapter's `mayedit`) renames and removes its chapters.
  const rename = useCallMutation('editchapter', {
    invalidate: ['listchapter'],
    onSuccess: () => void message.success(t('chapters.renamed')),
  });
  const remove = useCallMutation('removechapter', { invalidate: ['listchapter'], silent: true });
  const edit: ChapterEdit | undefined = player.mayEdit
    ? {
        onRename: (c, next) => rename.mutate({ id: c.id, title: next }),
        onRemove: async (c) => {
          await remove.mutateAsync({ id: c.id });
          void message.success(t('chapters.removed'));
        },
      }
    : undefined;

  return (
    <Modal
      open
      title={t('player.title', { title })}
      footer={null}
      onCancel={onClose}
      width={withChapters ? CHAPTERS_PLAYER_WIDTH : 880}
      destroyOnHidden
      centered
    >
      <div className={withChapters ? 'rc-with-chapters' : undefined}>
        <div>
          <video
            {...player.videoProps}
            className="rc-player-video"
            controls
            preload="metadata"
            data-testid="player-video"
            data-file={player.playing.fileid}
          >
            {captions.trackProps.map((track) => (
              <track key={track.srcLang} {...track} />
            ))}
          </video>
          <CaptionSelect captions={captions} />
        </div>
        {withChapters && <ChapterList chapters={player.chapters} current={player.current} onSeek={player.seek} edit={edit} />}
      </div>
      {player.loading ? (
        <Spin className="rc-player-loading" />
      ) : (
        !withChapters && <SnapshotStrip recordid={recordid} file={file} files={files} playAt={player.playAt} />
      )}
    </Modal>
  );
}

/**
 * Seeking by snapshots, for recordings without chapters. Snapshot positions count recorded time from the start, so in
 * a recording split into parts a snapshot of a later part plays that part from the right place.
 */
function SnapshotStrip({
  recordid,
  file,
  files,
  playAt,
}: Pick<Props, 'recordid' | 'file' | 'files'> & { playAt: (file: RecordingFile, seconds: number) => void }) {
  const { t } = useTranslation('recording');
  const parts = useMemo(() => channelParts(files, file.channel), [files, file.channel]);
  const snapshots = useCallQuery('listsnapshot', { recordid }, { silent: true });
  // Snapshots are taken of one picture (the HD composite); they match only files of that channel.
  const strip = (snapshots.data ?? []).filter((s) => s.channel === file.channel);
  const seek = (snapshot: Snapshot) => {
    const target = partAt(parts, snapshot.snapposition);
    if (target) playAt(target.part.file, target.time);
  };

  return (
    <>
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
    </>
  );
}
