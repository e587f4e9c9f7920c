-- The one upload queue: a recording file sent to a remote target (cloud sharing now; FTP/SFTP and the media
-- server later). A row survives restarts and kill -9: `running` rows go back to `queued` at start, and `resume`
-- holds what the target needs to go on where it stopped (a session URI, a session id and offset).
-- state: queued (waiting for its turn or for `next_attempt`), running, done, failed (gave up; `error` says why).
CREATE TABLE transfers (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recording_id INTEGER NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
  filepath TEXT NOT NULL,
  target TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('queued', 'running', 'done', 'failed')),
  size INTEGER NOT NULL,
  sent INTEGER NOT NULL DEFAULT 0,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt INTEGER NOT NULL DEFAULT 0,
  resume TEXT NOT NULL DEFAULT '',
  error TEXT NOT NULL DEFAULT '',
  remote_id TEXT NOT NULL DEFAULT '',
  usercode TEXT NOT NULL DEFAULT '',
  createtime TEXT NOT NULL,
  updatetime TEXT NOT NULL
);
CREATE INDEX transfers_due ON transfers(state, next_attempt);
CREATE INDEX transfers_recording ON transfers(recording_id);
