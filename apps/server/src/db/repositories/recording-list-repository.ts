import type { Db } from '../open.js';
import { statementCache } from './statement-cache.js';
import type { RecordingFileRow, RecordingRow } from './recordings-repository.js';

/**
 * Whose recordings a caller may see: every one; their own, those of users in the groups their recording access
 * (own or their group's) names, and those in shared albums; or only those in shared albums.
 */
export type Visibility =
  | { kind: 'all' }
  /** `shared: false`: own and access groups' recordings only, not other users' in shared albums (what a member may change). */
  | { kind: 'member'; usercode: string; shared?: boolean }
  | { kind: 'shared' };

export interface RecordingListQuery {
  visibility: Visibility;
  /** Only this user's recordings. */
  usercode?: string;
  albumId?: number;
  recordId?: number;
  /** Title or name contains (case-insensitive for ASCII). */
  name?: string;
  /** Start time bounds, inclusive, as device-zone `YYYY-MM-DD HH:mm:ss` (compared as text). */
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

export interface ListedRecording extends RecordingRow {
  album_name: string | null;
  album_isdefault: number | null;
}

const SHARED = 'r.album_id IN (SELECT id FROM albums WHERE share = 1)';
// Users in the groups named by the caller's own access list or their group's.
const ACCESSIBLE_USERS = `SELECT u.usercode FROM users u JOIN recording_access ra ON ra.access_groupcode = u.groupcode
  WHERE (ra.code = @me AND ra.code_type = 'user') OR (ra.code = (SELECT groupcode FROM users WHERE usercode = @me) AND ra.code_type = 'group')`;

/** The condition on `recordings r` of what a caller may see ('1' for everything), with its parameters. */
export function visibleCondition(v: Visibility): { sql: string; params: Record<string, string> } {
  if (v.kind === 'shared') return { sql: SHARED, params: {} };
  if (v.kind === 'member') {
    const shared = v.shared === false ? '' : ` OR ${SHARED}`;
    return { sql: `(r.usercode = @me OR r.usercode IN (${ACCESSIBLE_USERS})${shared})`, params: { me: v.usercode } };
  }
  return { sql: '1', params: {} };
}

function where(q: RecordingListQuery): { sql: string; params: Record<string, string | number> } {
  const parts: string[] = [];
  const params: Record<string, string | number> = {};
  if (q.visibility.kind !== 'all') {
    const v = visibleCondition(q.visibility);
    parts.push(v.sql);
    Object.assign(params, v.params);
  }
  if (q.usercode !== undefined) {
    parts.push('r.usercode = @usercode');
    params.usercode = q.usercode;
  }
  if (q.albumId !== undefined) {
    parts.push('r.album_id = @album');
    params.album = q.albumId;
  }
  if (q.recordId !== undefined) {
    parts.push('r.id = @record');
    params.record = q.recordId;
  }
  if (q.name) {
    // 3+ characters: the trigram index (migration 007) finds the candidates, the LIKE keeps the exact rule
    // (ASCII-only case folding); shorter ones have no trigram and scan.
    if ([...q.name].length >= 3) {
      parts.push('r.id IN (SELECT rowid FROM recordings_name_fts WHERE recordings_name_fts MATCH @fts)');
      params.fts = `"${q.name.replace(/"/g, '""')}"`;
    }
    parts.push("(r.title LIKE @name ESCAPE '\\' OR r.name LIKE @name ESCAPE '\\')");
    params.name = `%${q.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }
  if (q.from) {
    parts.push('r.starttime >= @from');
    params.from = q.from;
  }
  if (q.to) {
    parts.push('r.starttime <= @to');
    params.to = q.to;
  }
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

/** The recordings page (listmedia): filters, visibility, newest first, and the files of one page in one query. */
export function recordingListRepository(db: Db) {
  const prepared = statementCache(db);
  const filesOf = db.prepare<[string], RecordingFileRow>(
    'SELECT * FROM recording_files WHERE recording_id IN (SELECT value FROM json_each(?)) ORDER BY recording_id, channel DESC, filepath',
  );
  return {
    page(q: RecordingListQuery): { rows: ListedRecording[]; total: number } {
      const w = where(q);
      const byRow = `SELECT r.*, a.name AS album_name, a.isdefault AS album_isdefault FROM recordings r LEFT JOIN albums a ON a.id = r.album_id`;
      const order = 'ORDER BY r.starttime DESC, r.id DESC';
      if (q.name && [...q.name].length >= 3) {
        // A name search matches few rows through the trigram index: one pass finds the page and counts the matches
        // (a window count), instead of running the index query twice.
        const hits = prepared(`SELECT r.id, count(*) OVER () AS total FROM recordings r ${w.sql} ${order} LIMIT @limit OFFSET @offset`).all(
          {
            ...w.params,
            limit: q.limit,
            offset: q.offset,
          },
        ) as { id: number; total: number }[];
        const total =
          hits[0]?.total ?? (q.offset > 0 ? (prepared(`SELECT count(*) FROM recordings r ${w.sql}`).pluck().get(w.params) as number) : 0);
        const rows = hits.length
          ? (prepared(`${byRow} WHERE r.id IN (SELECT value FROM json_each(@ids)) ${order}`).all({
              ids: JSON.stringify(hits.map((h) => h.id)),
            }) as ListedRecording[])
          : [];
        return { rows, total };
      }
      const total = prepared(`SELECT count(*) FROM recordings r ${w.sql}`).pluck().get(w.params) as number;
      // The page's ids first: skipping OFFSET rows then walks an index only (no row reads), so a deep page stays cheap.
      const rows = prepared(
        `${byRow} WHERE r.id IN (SELECT r.id FROM recordings r ${w.sql} ${order} LIMIT @limit OFFSET @offset) ${order}`,
      ).all({
        ...w.params,
        limit: q.limit,
        offset: q.offset,
      }) as ListedRecording[];
      return { rows, total };
    },
    /** Whether the recording exists and the caller may see it. */
    visible(id: number, visibility: Visibility): boolean {
      const w = where({ visibility, limit: 1, offset: 0 });
      const sql = `SELECT 1 FROM recordings r ${w.sql ? `${w.sql} AND` : 'WHERE'} r.id = @id`;
      return prepared(sql).get({ ...w.params, id }) !== undefined;
    },
    filesOf: (recordingIds: number[]) => (recordingIds.length ? filesOf.all(JSON.stringify(recordingIds)) : []),
  };
}
export type RecordingListRepository = ReturnType<typeof recordingListRepository>;
