import { useEffect, useId, useRef, useState } from 'react';
import { Button, Input, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FileImageOutlined } from '@ant-design/icons';
import { CHAPTER_TITLE_MAX } from '@roomcast/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../ConfirmButton';
import { type Chapter, clock } from './chapter-format';
import './chapters.css';

/** The player's width with the chapters beside the video (without them the players keep their 880 px). */
export const CHAPTERS_PLAYER_WIDTH = 1120;

/** Renaming and removing, offered to who may change the recording (the service refuses anyone else). */
export interface ChapterEdit {
  /** Runs with the new, trimmed title when it differs; failures are shown by the mutation. */
  onRename: (chapter: Chapter, title: string) => unknown;
  /** Runs once the removal is confirmed; while its promise is pending the button spins. */
  onRemove: (chapter: Chapter) => Promise<unknown>;
}

interface Props {
  chapters: Chapter[];
  /** The chapter playing now: highlighted and `aria-current`. */
  current: Chapter | undefined;
  onSeek: (chapter: Chapter) => void;
  edit?: ChapterEdit;
}

/** A chapter's title: its own, else "Slide N" for a slide (no text read) and "Chapter N" for a mark. */
export function chapterTitle(chapter: Chapter, t: TFunction<'recording', 'chapters'>): string {
  return chapter.title || t(chapter.kind === 'slide' ? 'slide' : 'mark', { number: chapter.number });
}

/**
 * The chapters of a recording beside its video (the console's player and the viewer's): a picture, the title and
 * the time of each; a click plays from it. The playing one is highlighted and kept in view as the video plays.
 */
export function ChapterList({ chapters, current, onSeek, edit }: Props) {
  const { t } = useTranslation('recording', { keyPrefix: 'chapters' });
  const headingId = useId();
  const list = useRef<HTMLOListElement>(null);
  const [renaming, setRenaming] = useState<string>();

  // The playing chapter stays in view inside the list (not by scrollIntoView, which would scroll the page too).
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('li[data-current]');
    if (!box || !item) return;
    if (item.offsetTop < box.scrollTop) box.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = item.offsetTop + item.offsetHeight - box.clientHeight;
  }, [current?.id]);

  return (
    <section className="rc-chapters" aria-labelledby={headingId} data-testid="chapter-list">
      <Typography.Title level={2} id={headingId} className="rc-chapters-title">
        {t('title')}
      </Typography.Title>
      <ol className="rc-chapter-items" ref={list}>
        {chapters.map((c) => {
          const title = chapterTitle(c, t);
          const isCurrent = c.id === current?.id;
          return (
            <li key={c.id} className="rc-chapter" data-current={isCurrent || undefined} data-testid="chapter">
              {renaming === c.id ? (
                <RenameBox
                  title={c.title || title}
                  label={t('titleOf', { title })}
                  onDone={(next, byKey) => {
                    setRenaming(undefined);
                    if (next && next !== (c.title || title)) edit?.onRename(c, next);
                    // Enter and Esc give the focus back to the button that opened the box (a click elsewhere keeps it).
                    if (byKey) requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-rename="${c.id}"]`)?.focus());
                  }}
                />
              ) : (
                <button type="button" className="rc-chapter-seek" aria-current={isCurrent || undefined} onClick={() => onSeek(c)}>
                  {c.thumb ? (
                    <img className="rc-chapter-thumb" src={c.thumb} alt="" loading="lazy" />
                  ) : (
                    <span className="rc-chapter-thumb rc-chapter-thumb-empty" aria-hidden="true">
                      <FileImageOutlined />
                    </span>
                  )}
                  <span className="rc-chapter-text">
                    <span className="rc-chapter-name" title={title}>
                      {title}
                    </span>
                    {/* The button's name reads "title time" (no gap on screen: a flex container drops it). */}{' '}
                    <span className="rc-chapter-time">
                      {clock(c.position / 1000)}
                      {c.textstate === 'pending' && <span className="rc-chapter-reading"> · {t('reading')}</span>}
                    </span>
                  </span>
                </button>
              )}
              {edit && renaming !== c.id && (
                <span className="rc-chapter-actions">
                  <Tooltip title={t('rename')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={t('renameOf', { title })}
                      data-rename={c.id}
                      onClick={() => setRenaming(c.id)}
                    />
                  </Tooltip>
                  <ConfirmButton
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('removeOf', { title })}
                    confirm={t('removeConfirm', { title })}
                    okText={t('remove')}
                    cancelText={t('cancel')}
                    onConfirm={() => edit.onRemove(c)}
                  />
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The title in a box: Enter or leaving it saves, Esc cancels (as the recordings' titles are edited). */
function RenameBox({
  title,
  label,
  onDone,
}: {
  title: string;
  label: string;
  onDone: (title: string | undefined, byKey: boolean) => void;
}) {
  const [value, setValue] = useState(title);
  const done = useRef(false);
  const finish = (next: string | undefined, byKey: boolean) => {
    if (done.current) return;
    done.current = true;
    onDone(next?.trim() || undefined, byKey);
  };
  return (
    <Input
      className="rc-chapter-rename"
      aria-label={label}
      value={value}
      maxLength={CHAPTER_TITLE_MAX}
      autoFocus
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setValue(e.target.value)}
      onPressEnter={() => finish(value, true)}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          // Only the box closes: the modal around it would close on Escape too.
          e.stopPropagation();
          finish(undefined, true);
        }
      }}
      onBlur={() => finish(value, false)}
    />
  );
}
