CREATE TABLE albums (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  path TEXT NOT NULL DEFAULT '',
  share INTEGER NOT NULL DEFAULT 0,
  isdefault INTEGER NOT NULL DEFAULT 0,
  createtime TEXT NOT NULL
);
INSERT INTO albums (name, isdefault, createtime) VALUES ('Default', 1, strftime('%Y-%m-%d %H:%M:%S', 'now', 'localtime'));

-- state: recording (segments being written), finalizing, done, failed.
CREATE TABLE recordings (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  name TEXT NOT NULL,
  usercode TEXT NOT NULL,
  useraccount TEXT NOT NULL,
  source TEXT NOT NULL,
  album_id INTEGER REFERENCES albums(id) ON DELETE SET NULL,
  dir TEXT NOT NULL,
  state TEXT NOT NULL,
  starttime TEXT NOT NULL,
  stoptime TEXT NOT NULL DEFAULT '',
  duration_ms INTEGER NOT NULL DEFAULT 0,
  schedule_id INTEGER,
  netsync INTEGER NOT NULL DEFAULT 0,
  netsynctime TEXT NOT NULL DEFAULT '',
  mediasvrsync INTEGER NOT NULL DEFAULT 0,
  mediasvrsynctime TEXT NOT NULL DEFAULT '',
  note TEXT NOT NULL DEFAULT ''
);
CREATE INDEX recordings_usercode ON recordings(usercode);
CREATE INDEX recordings_state ON recordings(state);

CREATE TABLE recording_files (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recording_id INTEGER NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
  channel INTEGER NOT NULL,
  filepath TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  filesize INTEGER NOT NULL,
  starttime TEXT NOT NULL,
  duration_ms INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX recording_files_recording ON recording_files(recording_id);

CREATE TABLE snapshots (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recording_id INTEGER NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
  channel INTEGER NOT NULL,
  filepath TEXT NOT NULL,
  snapposition INTEGER NOT NULL
);
CREATE INDEX snapshots_recording ON snapshots(recording_id);
