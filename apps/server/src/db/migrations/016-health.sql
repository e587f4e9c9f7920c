-- The health checks' changes (issue 21): each row is a check taking a new state or reason, at a device time. The
-- latest row of a check is its state at the next start ("since" survives a restart); older rows are the history.
CREATE TABLE health_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  check_name TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('ok', 'warning', 'error')),
  reason TEXT NOT NULL,
  args TEXT NOT NULL DEFAULT '{}',
  at TEXT NOT NULL
);
CREATE INDEX health_changes_by_check ON health_changes (check_name, id);
