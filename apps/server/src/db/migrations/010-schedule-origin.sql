-- Where a recording schedule comes from. origin 'console': made in the console, or imported from an .ics file;
-- 'opencast': an event of Opencast's calendar for this capture agent (read-only in the console, changed and
-- removed when the calendar changes). uid: the iCal UID it came with or was exported under ('' for none; an
-- Opencast event's UID is its media package id), unique per origin so a calendar or a re-import updates it.
ALTER TABLE schedules ADD COLUMN origin TEXT NOT NULL DEFAULT 'console' CHECK (origin IN ('console', 'opencast'));
ALTER TABLE schedules ADD COLUMN uid TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX schedules_origin_uid ON schedules(origin, uid) WHERE uid <> '';

-- The Opencast events this agent knows (services/sync/opencast): what the calendar said of each (times in epoch
-- ms, the episode Dublin Core, the series catalog and the capture agent properties, kept for the ingest after
-- the event has left the calendar), the recording made for it, and its recording state (capturing, ...).
CREATE TABLE opencast_events (
  uid TEXT PRIMARY KEY,
  title TEXT NOT NULL,
  start INTEGER NOT NULL,
  stop INTEGER NOT NULL,
  episode TEXT NOT NULL DEFAULT '',
  series TEXT NOT NULL DEFAULT '',
  properties TEXT NOT NULL DEFAULT '',
  recording_id INTEGER,
  state TEXT NOT NULL DEFAULT '',
  updated_at INTEGER NOT NULL
);
CREATE INDEX opencast_events_recording ON opencast_events(recording_id);

-- Recording states still to tell Opencast, in order (each is told, even when a later one follows soon after).
CREATE TABLE opencast_state_posts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  uid TEXT NOT NULL,
  state TEXT NOT NULL
);

-- Schedules made before have no UID yet: give each one (an export and its re-import then name the same schedule).
UPDATE schedules SET uid = lower(hex(randomblob(16))) WHERE uid = '';
