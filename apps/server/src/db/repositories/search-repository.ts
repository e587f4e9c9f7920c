import { SEARCH_COUNT_MAX, SEARCH_MARK_END, SEARCH_MARK_START } from '@roomcast/contract';
import type { Db } from '../open.js';
import { isBigram } from '../search-bigrams.js';
import { statementCache } from './statement-cache.js';
import { type Visibility, visibleCondition } from './recording-list-repository.js';

export interface SearchQuery {
  visibility: Visibility;
  albumId?: number;
  text: string;
  limit: number;
  offset: number;
}

export interface SearchRow {
  kind: 'title' | 'chapter' | 'caption';
  recording_id: number;
  recording_title: string;
  starttime: string;
  chapter_id: number | null;
  chapter_kind: 'slide' | 'mark' | null;
  position_ms: number;
  thumb: string;
  snippet: string;
  /** A caption cue's track language. */
  language?: string;
}

/** Characters of context around a match (a trigram index's tokens are characters). */
const CONTEXT = 40;
const MARKS = `'${SEARCH_MARK_START}', '${SEARCH_MARK_END}', '…', ${CONTEXT}`;

/**
 * searchmedia over recordings' titles, chapters and caption cues (migrations 007, 018, 019). The recordings whose title
 * matches come first (newest first), then the chapters, then the caption cues, each newest first: walked from the index in descending rowid (a chapter's id
 * grows with time) with LIMIT, so a common word stops at the page instead of sorting every match; the snippets are
 * made for the page's rows only. Three characters or more use the trigram indexes, two letters or digits the
 * two-character ones (migration 020), anything shorter a LIKE walk of the same order. Counted up to SEARCH_COUNT_MAX
 * (the count also stops there).
 */
export function searchRepository(db: Db) {
  const prepared = statementCache(db);
  const CAP = SEARCH_COUNT_MAX + 1;

  return {
    search(q: SearchQuery): { rows: SearchRow[]; total: number; more: boolean } {
      const v = visibleCondition(q.visibility);
      const scope = `r.state = 'done' AND ${v.sql}${q.albumId !== undefined ? ' AND r.album_id = @album' : ''}`;
      const params: Record<string, string | number> = { ...v.params, ...(q.albumId !== undefined ? { album: q.albumId } : {}) };
      // Three characters or more: the trigram indexes; two letters or digits: the two-character ones (migration 020);
      // else (one character, or two with a space or a sign) a walk of every text in the same order.
      const mode = [...q.text].length >= 3 ? 'trigram' : isBigram(q.text) ? 'bigram' : 'scan';
      const indexed = mode === 'trigram';
      if (indexed) params.fts = `"${q.text.replace(/"/g, '""')}"`;
      else params.like = `%${q.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      if (mode === 'bigram') params.bigram = `"${q.text}"`;

      // The ids in order: titles, then chapters, then caption cues (each walk stops at what the page and the count need).
      const walks: { ids: string; rows: (ids: number[]) => SearchRow[] }[] = [
        {
          ids: {
            trigram: `SELECT r.id FROM recordings_name_fts f JOIN recordings r ON r.id = f.rowid WHERE recordings_name_fts MATCH @fts AND ${scope} ORDER BY f.rowid DESC`,
            bigram: `SELECT r.id FROM recordings_title_bigrams f JOIN recordings r ON r.id = f.rowid WHERE recordings_title_bigrams MATCH @bigram AND ${scope} ORDER BY f.rowid DESC`,
            scan: `SELECT r.id FROM recordings r WHERE r.title LIKE @like ESCAPE '\\' AND ${scope} ORDER BY r.id DESC`,
          }[mode],
          rows: (ids) => titleRows(ids, indexed, params),
        },
        {
          ids: {
            trigram: `SELECT c.id FROM chapters_fts f JOIN chapters c ON c.id = f.rowid JOIN recordings r ON r.id = c.recording_id WHERE chapters_fts MATCH @fts AND ${scope} ORDER BY f.rowid DESC`,
            bigram: `SELECT c.id FROM chapters_bigrams f JOIN chapters c ON c.id = f.rowid JOIN recordings r ON r.id = c.recording_id WHERE chapters_bigrams MATCH @bigram AND ${scope} ORDER BY f.rowid DESC`,
            // CROSS JOIN keeps the chapters the outer loop, walked newest first (else SQLite starts from the recordings and sorts every match).
            scan: `SELECT c.id FROM chapters c CROSS JOIN recordings r ON r.id = c.recording_id WHERE (c.title LIKE @like ESCAPE '\\' OR c.text LIKE @like ESCAPE '\\') AND ${scope} ORDER BY c.id DESC`,
          }[mode],
          rows: (ids) => chapterRows(ids, indexed, params),
        },
        {
          ids: {
            trigram: `SELECT q.id FROM caption_cues_fts f JOIN caption_cues q ON q.id = f.rowid JOIN caption_tracks t ON t.id = q.track_id JOIN recordings r ON r.id = t.recording_id WHERE caption_cues_fts MATCH @fts AND ${scope} ORDER BY f.rowid DESC`,
            bigram: `SELECT q.id FROM caption_cues_bigrams f JOIN caption_cues q ON q.id = f.rowid JOIN caption_tracks t ON t.id = q.track_id JOIN recordings r ON r.id = t.recording_id WHERE caption_cues_bigrams MATCH @bigram AND ${scope} ORDER BY f.rowid DESC`,
            scan: `SELECT q.id FROM caption_cues q CROSS JOIN caption_tracks t ON t.id = q.track_id CROSS JOIN recordings r ON r.id = t.recording_id WHERE q.text LIKE @like ESCAPE '\\' AND ${scope} ORDER BY q.id DESC`,
          }[mode],
          rows: (ids) => cueRows(ids, indexed, params),
        },
      ];
      const rows: SearchRow[] = [];
      let counted = 0;
      let skip = q.offset;
      for (const walk of walks) {
        // The page is full and the count at its cap: the later walks could change neither (a viewer's common word
        // otherwise walked every caption cue with it, of recordings they may not see, to count them).
        if (counted >= CAP && rows.length >= q.limit) break;
        const count = prepared(`SELECT count(*) FROM (${walk.ids} LIMIT ${CAP})`).pluck().get(params) as number;
        counted += count;
        const want = q.limit - rows.length;
        if (want > 0 && skip < count) {
          const ids = prepared(`${walk.ids} LIMIT @limit OFFSET @offset`)
            .pluck()
            .all({ ...params, limit: want, offset: skip }) as number[];
          rows.push(...walk.rows(ids));
        }
        skip = Math.max(0, skip - count);
      }
      return {
        rows: indexed ? rows : rows.map((r) => ({ ...r, snippet: markLike(r.snippet, q.text) })),
        total: Math.min(counted, SEARCH_COUNT_MAX),
        more: counted > SEARCH_COUNT_MAX,
      };
    },
  };

  /** The page's caption cues with their snippets, in the order of `ids`. */
  function cueRows(ids: number[], indexed: boolean, params: Record<string, string | number>): SearchRow[] {
    if (!ids.length) return [];
    const snippet = indexed ? `snippet(caption_cues_fts, 0, ${MARKS})` : 'q.text';
    const from = indexed
      ? 'caption_cues_fts f JOIN caption_cues q ON q.id = f.rowid JOIN caption_tracks t ON t.id = q.track_id JOIN recordings r ON r.id = t.recording_id WHERE caption_cues_fts MATCH @fts AND'
      : 'caption_cues q JOIN caption_tracks t ON t.id = q.track_id JOIN recordings r ON r.id = t.recording_id WHERE';
    const found = prepared(
      `SELECT 'caption' AS kind, r.id AS recording_id, r.title AS recording_title, r.starttime, NULL AS chapter_id, NULL AS chapter_kind,
        q.start_ms AS position_ms, '' AS thumb, ${snippet} AS snippet, t.language, q.id AS cue_id FROM ${from} q.id IN (SELECT value FROM json_each(@ids))`,
    ).all({ ...(indexed ? { fts: params.fts } : {}), ids: JSON.stringify(ids) }) as (SearchRow & { cue_id: number })[];
    const byId = new Map(found.map(({ cue_id, ...r }) => [cue_id, r]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The page's titles with their snippets, in the order of `ids`. */
  function titleRows(ids: number[], indexed: boolean, params: Record<string, string | number>): SearchRow[] {
    if (!ids.length) return [];
    const snippet = indexed ? `snippet(recordings_name_fts, 0, ${MARKS})` : 'r.title';
    const from = indexed
      ? 'recordings_name_fts f JOIN recordings r ON r.id = f.rowid WHERE recordings_name_fts MATCH @fts AND'
      : 'recordings r WHERE';
    const found = prepared(
      `SELECT 'title' AS kind, r.id AS recording_id, r.title AS recording_title, r.starttime, NULL AS chapter_id, NULL AS chapter_kind,
        0 AS position_ms, '' AS thumb, ${snippet} AS snippet FROM ${from} r.id IN (SELECT value FROM json_each(@ids))`,
    ).all({ ...(indexed ? { fts: params.fts } : {}), ids: JSON.stringify(ids) }) as SearchRow[];
    return inOrder(found, ids, (r) => r.recording_id);
  }

  /** The page's chapters with their snippets, in the order of `ids`. */
  function chapterRows(ids: number[], indexed: boolean, params: Record<string, string | number>): SearchRow[] {
    if (!ids.length) return [];
    const snippet = indexed
      ? `snippet(chapters_fts, -1, ${MARKS})`
      : "CASE WHEN c.title LIKE @like ESCAPE '\\' THEN c.title ELSE c.text END";
    const from = indexed
      ? 'chapters_fts f JOIN chapters c ON c.id = f.rowid JOIN recordings r ON r.id = c.recording_id WHERE chapters_fts MATCH @fts AND'
      : 'chapters c JOIN recordings r ON r.id = c.recording_id WHERE';
    const found = prepared(
      `SELECT 'chapter' AS kind, r.id AS recording_id, r.title AS recording_title, r.starttime, c.id AS chapter_id, c.kind AS chapter_kind,
        c.position_ms, c.thumb, ${snippet} AS snippet FROM ${from} c.id IN (SELECT value FROM json_each(@ids))`,
    ).all({ ...(indexed ? { fts: params.fts } : { like: params.like }), ids: JSON.stringify(ids) }) as SearchRow[];
    return inOrder(found, ids, (r) => r.chapter_id ?? 0);
  }
}
export type SearchRepository = ReturnType<typeof searchRepository>;

/** `rows` in the order of `ids` (an IN list does not keep it). */
function inOrder(rows: SearchRow[], ids: number[], idOf: (r: SearchRow) => number): SearchRow[] {
  const byId = new Map(rows.map((r) => [idOf(r), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A short query's match marked in its text (the first one, case-insensitive for ASCII), with some context. */
function markLike(text: string, query: string): string {
  const at = text.toLowerCase().indexOf(query.toLowerCase());
  if (at < 0) return text.slice(0, CONTEXT * 2);
  const from = Math.max(0, at - CONTEXT);
  const end = at + query.length;
  return `${from > 0 ? '…' : ''}${text.slice(from, at)}${SEARCH_MARK_START}${text.slice(at, end)}${SEARCH_MARK_END}${text.slice(end, end + CONTEXT)}${end + CONTEXT < text.length ? '…' : ''}`;
}
