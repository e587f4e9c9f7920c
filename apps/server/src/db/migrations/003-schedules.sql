-- Recording schedules (spec §3). start/stop are device-local wall-clock times 'YYYY-MM-DD HH:mm:ss' in the
-- zone of setting_datetime, so a zone change moves the instants, not what the user typed.
CREATE TABLE schedules (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  start TEXT NOT NULL,
  stop TEXT NOT NULL,
  cycle TEXT NOT NULL CHECK (cycle IN ('once', 'day', 'week', 'month')),
  weekdays INTEGER NOT NULL DEFAULT 0,
  months INTEGER NOT NULL DEFAULT 0,
  monthdays INTEGER NOT NULL DEFAULT 0,
  enable INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- What the scheduler did with one occurrence (keyed by its device-local start), so a restart inside the
-- window resumes a recording that was running but not one a person stopped or one that was skipped.
-- state: recording, done (ended on time), stopped (ended by someone else), skipped, failed.
CREATE TABLE schedule_runs (
  schedule_id INTEGER NOT NULL REFERENCES schedules(id) ON DELETE CASCADE,
  occurrence TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('recording', 'done', 'stopped', 'skipped', 'failed')),
  recording_id INTEGER,
  note TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL,
  PRIMARY KEY (schedule_id, occurrence)
);
