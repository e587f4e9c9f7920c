import { type ReactNode, useEffect, useId, useState } from 'react';
import { Alert, Button, Empty, Input, Pagination, Spin, Typography } from 'antd';
import { FileImageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { apiErrorText, useCallQuery } from '../../api/hooks';
import { clock } from '../chapters/chapter-format';
import type { SearchHit } from './hit-to-play';
import { languageName, SEARCH_QUERY_MAX, snippetParts } from './search-format';
import './search.css';

/** Hits a page of results shows. */
const PAGE_SIZE = 10;

interface Props {
  /** The words searched ("" when not searching): the page keeps them in its address. */
  query: string;
  onQueryChange: (query: string) => void;
  /** Only the recordings of this album (the viewer's album page). */
  albumid?: number;
  /** A hit's button was pressed: play its recording from its moment. */
  onPlay: (hit: SearchHit) => void;
  /** What the page shows when not searching (its list). */
  children: ReactNode;
}

/**
 * One search box over recordings' titles, chapters and caption cues (searchmedia, issue 22), shared by the recordings
 * list and the viewer's album page. While words are searched, the moments found replace the page's list; clearing
 * the box brings the list back.
 */
export function MediaSearch({ query, onQueryChange, albumid, onPlay, children }: Props) {
  const { t } = useTranslation('search');
  const [typed, setTyped] = useState(query);
  // Back, a reload or a link changes the query from outside.
  useEffect(() => setTyped(query), [query]);
  return (
    <>
      <Input.Search
        className="rc-search-box"
        allowClear
        enterButton={t('submit')}
        value={typed}
        maxLength={SEARCH_QUERY_MAX}
        onChange={(e) => setTyped(e.target.value)}
        onSearch={(value) => onQueryChange(value.trim())}
        placeholder={t('placeholder')}
        aria-label={t('label')}
        data-testid="media-search"
      />
      {query ? (
        <SearchResults
          key={`${albumid ?? ''}:${query}`}
          query={query}
          albumid={albumid}
          onPlay={onPlay}
          onClear={() => onQueryChange('')}
        />
      ) : (
        children
      )}
    </>
  );
}

function SearchResults({
  query,
  albumid,
  onPlay,
  onClear,
}: {
  query: string;
  albumid?: number;
  onPlay: (hit: SearchHit) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('search');
  const headingId = useId();
  const [page, setPage] = useState(1);
  // Without a session (a shared album's viewer) the service answers what may be seen; failures show here.
  const found = useCallQuery('searchmedia', { query, albumid, currentpage: page, pagesize: PAGE_SIZE }, { silent: true });
  const rows = found.data?.rows ?? [];
  const total = found.data?.total ?? 0;

  let body: ReactNode;
  if (found.isError) body = <Alert type="error" showIcon title={apiErrorText(found.error)} />;
  else if (found.isLoading) body = <Spin className="rc-search-loading" />;
  else if (rows.length === 0) body = <Empty description={t('empty', { query })} />;
  else
    body = (
      <ol className="rc-search-hits">
        {rows.map((hit) => (
          <HitItem key={`${hit.kind}:${hit.recordid}:${hit.chapterid}:${hit.language}:${hit.position}`} hit={hit} onPlay={onPlay} />
        ))}
      </ol>
    );

  return (
    <section className="rc-search-results" aria-labelledby={headingId} data-testid="search-results">
      <div className="rc-search-head">
        <Typography.Title level={2} id={headingId} className="rc-search-heading">
          {t('heading')}
        </Typography.Title>
        <Typography.Text type="secondary" role="status" className="rc-search-count">
          {found.data && rows.length > 0 ? t(found.data.more ? 'foundMore' : 'found', { count: total, query }) : ''}
        </Typography.Text>
        <Button type="link" onClick={onClear}>
          {t('clear')}
        </Button>
      </div>
      {body}
      {total > PAGE_SIZE && (
        <nav aria-label={t('pages')} className="rc-search-pages">
          <Pagination current={page} pageSize={PAGE_SIZE} total={total} showSizeChanger={false} onChange={setPage} />
        </nav>
      )}
    </section>
  );
}

/** Where the title goes in the button's name (translations place it where their grammar wants it). */
const TITLE_SLOT = '\u0000';

/**
 * One moment found: its picture, recording, moment, what matched and the words around the match. Its button is named
 * "Play <title> from <time>" (the title is what shows of it) and covers the whole item, so a click anywhere plays it.
 */
function HitItem({ hit, onPlay }: { hit: SearchHit; onPlay: (hit: SearchHit) => void }) {
  const { t, i18n } = useTranslation('search');
  const detailsId = useId();
  const title = hit.recordtitle || t('untitled');
  const time = clock(hit.position / 1000);
  const [before = '', after = ''] = t('play', { title: TITLE_SLOT, time }).split(TITLE_SLOT);
  let matched = t('kind.title');
  if (hit.kind === 'chapter') matched = t(hit.chapterkind === 'slide' ? 'kind.slide' : 'kind.chapter', { number: hit.chapternumber });
  if (hit.kind === 'caption') matched = t('kind.caption', { language: languageName(hit.language, i18n.language) });
  return (
    <li className="rc-search-hit" data-testid="search-hit" data-kind={hit.kind}>
      {hit.thumb ? (
        <img className="rc-search-thumb" src={hit.thumb} alt="" loading="lazy" />
      ) : (
        <span className="rc-search-thumb rc-search-thumb-empty" aria-hidden="true">
          <FileImageOutlined />
        </span>
      )}
      <span className="rc-search-text">
        <button type="button" className="rc-search-play" aria-describedby={detailsId} onClick={() => onPlay(hit)}>
          {before && <span className="rc-search-sr">{before}</span>}
          {title}
          {after && <span className="rc-search-sr">{after}</span>}
        </button>
        <span id={detailsId} className="rc-search-details">
          <span className="rc-search-meta">
            <span className="rc-search-kind">{matched}</span> · <span className="rc-search-time">{t('at', { time })}</span> ·{' '}
            <span>{t('recorded', { time: hit.starttime })}</span>
          </span>{' '}
          <span className="rc-search-snippet" data-testid="search-snippet">
            {snippetParts(hit.snippet).map((part, i) =>
              part.marked ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
            )}
          </span>
        </span>
      </span>
    </li>
  );
}
