import { SEARCH_COUNT_MAX, SEARCH_MARK_END, SEARCH_MARK_START } from '@roomcast/contract';
import type { Db } from '../open.js';
import { type Visibility, visibleCondition } from './recording-list-repository.js';

export interface SearchQuery {
  visibility: Visibility;
  albumId?: number;
  text: string;
  limit: number;
  offset: number;
}

export interface SearchRow {
  kind: 'title' | 'chapter';
  recording_id: number;
  recording_title: string;
  starttime: string;
  chapter_id: number | null;
  chapter_kind: 'slide' | 'mark' | null;
  position_ms: number;
  thumb: string;
  snippet: string;
}

/** Characters of context around a match (a trigram index's tokens are characters). */
const CONTEXT = 40;
const MARKS = `'${SEARCH_MARK_START}', '${SEARCH_MARK_END}', '…', ${CONTEXT}`;

/**
 * searchmedia over recordings' titles and chapters (migrations 007 and 018): three characters or more through the
 * trigram indexes (their `snippet` gives the words around the match), fewer by LIKE over every title and text the
 * caller may see. Newest recording first, a recording's moments in order; counted up to SEARCH_COUNT_MAX.
 */
export function searchRepository(db: Db) {
  const statements = new Map<string, ReturnType<Db['prepare']>>();
  const prepared = (sql: string) => {
    let s = statements.get(sql);
    if (!s) {
      s = db.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };

  return {
    search(q: SearchQuery): { rows: SearchRow[]; total: number; more: boolean } {
      const v = visibleCondition(q.visibility);
      const scope = `r.state = 'done' AND ${v.sql}${q.albumId !== undefined ? ' AND r.album_id = @album' : ''}`;
      const params: Record<string, string | number> = { ...v.params, ...(q.albumId !== undefined ? { album: q.albumId } : {}) };
      const indexed = [...q.text].length >= 3;
      let chapters: string;
      let titles: string;
      if (indexed) {
        params.fts = `"${q.text.replace(/"/g, '""')}"`;
        chapters = `SELECT 'chapter' AS kind, r.id AS recording_id, r.title AS recording_title, r.starttime, c.id AS chapter_id,
            c.kind AS chapter_kind, c.position_ms, c.thumb, snippet(chapters_fts, -1, ${MARKS}) AS snippet
          FROM chapters_fts JOIN chapters c ON c.id = chapters_fts.rowid JOIN recordings r ON r.id = c.recording_id
          WHERE chapters_fts MATCH @fts AND ${scope}`;
        titles = `SELECT 'title' AS kind, r.id AS recording_id, r.title AS recording_title, r.starttime, NULL AS chapter_id,
            NULL AS chapter_kind, 0 AS position_ms, '' AS thumb, snippet(recordings_name_fts, 0, ${MARKS}) AS snippet
          FROM recordings_name_fts JOIN recordings r ON r.id = recordings_name_fts.rowid
          WHERE recordings_name_fts MATCH @fts AND ${scope}`;
      } else {
        params.like = `%${q.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        chapters = `SELECT 'chapter' AS kind, r.id AS recording_id, r.title AS recording_title, r.starttime, c.id AS chapter_id,
            c.kind AS chapter_kind, c.position_ms, c.thumb, CASE WHEN c.title LIKE @like ESCAPE '\\' THEN c.title ELSE c.text END AS snippet
          FROM chapters c JOIN recordings r ON r.id = c.recording_id
          WHERE (c.title LIKE @like ESCAPE '\\' OR c.text LIKE @like ESCAPE '\\') AND ${scope}`;
        titles = `SELECT 'title' AS kind, r.id AS recording_id, r.title AS recording_title, r.starttime, NULL AS chapter_id,
            NULL AS chapter_kind, 0 AS position_ms, '' AS thumb, r.title AS snippet
          FROM recordings r WHERE r.title LIKE @like ESCAPE '\\' AND ${scope}`;
      }
      const union = `${titles} UNION ALL ${chapters}`;
      const rows = prepared(`${union} ORDER BY starttime DESC, recording_id DESC, kind DESC, position_ms LIMIT @limit OFFSET @offset`).all({
        ...params,
        limit: q.limit,
        offset: q.offset,
      }) as SearchRow[];
      const counted = prepared(`SELECT count(*) FROM (${union} LIMIT ${SEARCH_COUNT_MAX + 1})`)
        .pluck()
        .get(params) as number;
      const rowsOut = indexed ? rows : rows.map((r) => ({ ...r, snippet: markLike(r.snippet, q.text) }));
      return { rows: rowsOut, total: Math.min(counted, SEARCH_COUNT_MAX), more: counted > SEARCH_COUNT_MAX };
    },
  };
}
export type SearchRepository = ReturnType<typeof searchRepository>;

/** A short query's match marked in its text (the first one, case-insensitive for ASCII), with some context. */
function markLike(text: string, query: string): string {
  const at = text.toLowerCase().indexOf(query.toLowerCase());
  if (at < 0) return text.slice(0, CONTEXT * 2);
  const from = Math.max(0, at - CONTEXT);
  const end = at + query.length;
  return `${from > 0 ? '…' : ''}${text.slice(from, at)}${SEARCH_MARK_START}${text.slice(at, end)}${SEARCH_MARK_END}${text.slice(end, end + CONTEXT)}${end + CONTEXT < text.length ? '…' : ''}`;
}
