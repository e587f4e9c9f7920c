-- The latest self-check before a schedule's recording (issue 21): the occurrence it was for, when it ran, the worst
-- state and the checks that were not ok (JSON). One row per schedule, gone with the schedule.
CREATE TABLE schedule_selfchecks (
  schedule_id INTEGER PRIMARY KEY REFERENCES schedules(id) ON DELETE CASCADE,
  start TEXT NOT NULL,
  at TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('ok', 'warning', 'error')),
  problems TEXT NOT NULL DEFAULT '[]'
);
