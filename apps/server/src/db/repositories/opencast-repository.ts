import type { Db } from '../open.js';

/** An Opencast event this capture agent knows (migration 010). Times are epoch ms. */
export interface OpencastEventRow {
  uid: string;
  title: string;
  start: number;
  stop: number;
  /** episode.xml of the event (Dublin Core), the series catalog, the capture agent properties. */
  episode: string;
  series: string;
  properties: string;
  recording_id: number | null;
  /** The recording state of the event ('' none yet). */
  state: string;
  updated_at: number;
}

export type OpencastEventFields = Pick<OpencastEventRow, 'uid' | 'title' | 'start' | 'stop' | 'episode' | 'series' | 'properties'>;

/** The Opencast events of the capture agent and the recording states still to tell (services/sync/opencast). */
export function opencastRepository(db: Db) {
  const upsert = db.prepare(`INSERT INTO opencast_events (uid, title, start, stop, episode, series, properties, updated_at)
    VALUES (@uid, @title, @start, @stop, @episode, @series, @properties, @now)
    ON CONFLICT (uid) DO UPDATE SET title = excluded.title, start = excluded.start, stop = excluded.stop, episode = excluded.episode,
    series = excluded.series, properties = excluded.properties, updated_at = excluded.updated_at`);
  const byUid = db.prepare<[string], OpencastEventRow>('SELECT * FROM opencast_events WHERE uid = ?');
  const byRecording = db.prepare<[number], OpencastEventRow>(
    'SELECT * FROM opencast_events WHERE recording_id = ? ORDER BY start DESC LIMIT 1',
  );
  const setRecording = db.prepare('UPDATE opencast_events SET recording_id = ?, updated_at = ? WHERE uid = ?');
  const setState = db.prepare('UPDATE opencast_events SET state = ?, updated_at = ? WHERE uid = ?');
  const post = db.prepare('INSERT INTO opencast_state_posts (uid, state) VALUES (?, ?)');
  const posts = db.prepare<[], { id: number; uid: string; state: string }>('SELECT * FROM opencast_state_posts ORDER BY id');
  const hasPosts = db.prepare<[], number>('SELECT count(*) FROM opencast_state_posts').pluck();
  const posted = db.prepare('DELETE FROM opencast_state_posts WHERE id = ?');
  const prune = db.prepare(
    `DELETE FROM opencast_events WHERE stop < ? AND uid NOT IN (SELECT uid FROM opencast_state_posts) AND (recording_id IS NULL OR
     recording_id NOT IN (SELECT recording_id FROM transfers WHERE target = 'opencast' AND state IN ('queued', 'running')))`,
  );
  const transferCounts = db.prepare<[], { state: string; n: number }>(
    "SELECT state, count(*) AS n FROM transfers WHERE target = 'opencast' GROUP BY state",
  );
  return {
    put: (e: OpencastEventFields, now: number) => void upsert.run({ ...e, now }),
    find: (uid: string) => byUid.get(uid),
    /** The event a recording was made for, if any. */
    ofRecording: (recordingId: number) => byRecording.get(recordingId),
    setRecording: (uid: string, recordingId: number, now: number) => void setRecording.run(recordingId, now, uid),
    /** A new recording state of the event, queued to be told to Opencast (in one transaction). */
    setState: (uid: string, state: string, now: number): void =>
      db.transaction(() => {
        setState.run(state, now, uid);
        post.run(uid, state);
      })(),
    /** Recording states still to tell, oldest first. */
    pendingPosts: () => posts.all(),
    hasPendingPosts: () => hasPosts.get()! > 0,
    /** Opencast took it. */
    posted: (id: number) => void posted.run(id),
    /** Forgets events that ended before `before`, with nothing left to tell and no ingest waiting. */
    prune: (before: number) => prune.run(before).changes,
    /** The media server's transfers by state (the hidden panel's queue). */
    transferCounts: () => Object.fromEntries(transferCounts.all().map((r) => [r.state, r.n])) as Record<string, number>,
  };
}
export type OpencastRepository = ReturnType<typeof opencastRepository>;
