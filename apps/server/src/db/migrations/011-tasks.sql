-- System tasks (task_schedule, spec §3): reboot, clearlog or ntp at a device-local time of day (start, HH:mm:ss) on
-- the days of their cycle (masks: bit n-1 for weekday n, 1 = Monday; month m; month day d), optionally repeated
-- every repeatinterval seconds through that day, each run allowed to start within its window (duration seconds).
-- since_ms: when the task was added or last changed (epoch ms); it runs only at times from then on.
-- last_run_ms: the start (epoch ms) of the last run the scheduler took on, so a run is never taken twice, not even
-- across the restart a reboot task causes.
CREATE TABLE tasks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT NOT NULL,
  taskcode TEXT NOT NULL CHECK (taskcode IN ('reboot', 'clearlog', 'ntp')),
  start TEXT NOT NULL,
  cycle TEXT NOT NULL CHECK (cycle IN ('once', 'day', 'week', 'month')),
  weekdays INTEGER NOT NULL DEFAULT 0,
  months INTEGER NOT NULL DEFAULT 0,
  monthdays INTEGER NOT NULL DEFAULT 0,
  enable INTEGER NOT NULL DEFAULT 1,
  repeat INTEGER NOT NULL DEFAULT 0,
  repeatinterval INTEGER NOT NULL DEFAULT 0,
  duration INTEGER NOT NULL DEFAULT 0,
  since_ms INTEGER NOT NULL,
  last_run_ms INTEGER NOT NULL DEFAULT 0
);
