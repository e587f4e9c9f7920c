-- Caption tracks of recordings (issue 22): one per language, its cues in milliseconds of the recording (across its
-- parts). origin: imported, edited or recognizer; reviewed: a person has checked it. Gone with the recording.
CREATE TABLE caption_tracks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recording_id INTEGER NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
  language TEXT NOT NULL,
  label TEXT NOT NULL DEFAULT '',
  origin TEXT NOT NULL CHECK (origin IN ('imported', 'edited', 'recognizer')),
  reviewed INTEGER NOT NULL DEFAULT 0,
  updated TEXT NOT NULL,
  UNIQUE (recording_id, language)
);
CREATE TABLE caption_cues (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  track_id INTEGER NOT NULL REFERENCES caption_tracks(id) ON DELETE CASCADE,
  start_ms INTEGER NOT NULL,
  end_ms INTEGER NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX caption_cues_track ON caption_cues(track_id, start_ms);

-- The search over cues' text (trigram, Chinese included), kept in sync by triggers.
CREATE VIRTUAL TABLE caption_cues_fts USING fts5(text, content='caption_cues', content_rowid='id', tokenize='trigram');
CREATE TRIGGER caption_cues_fts_insert AFTER INSERT ON caption_cues BEGIN
  INSERT INTO caption_cues_fts(rowid, text) VALUES (new.id, new.text);
END;
CREATE TRIGGER caption_cues_fts_delete AFTER DELETE ON caption_cues BEGIN
  INSERT INTO caption_cues_fts(caption_cues_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
CREATE TRIGGER caption_cues_fts_update AFTER UPDATE OF text ON caption_cues BEGIN
  INSERT INTO caption_cues_fts(caption_cues_fts, rowid, text) VALUES ('delete', old.id, old.text);
  INSERT INTO caption_cues_fts(rowid, text) VALUES (new.id, new.text);
END;
