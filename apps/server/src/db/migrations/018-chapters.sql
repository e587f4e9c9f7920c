-- Chapters of recordings (issue 22): each new slide while recording and each mark. position_ms counts the recording's
-- milliseconds (pauses left out) across its parts; text is the slide's text as OCR read it (text_state pending until
-- then). Gone with the recording.
CREATE TABLE chapters (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recording_id INTEGER NOT NULL REFERENCES recordings(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('slide', 'mark')),
  position_ms INTEGER NOT NULL,
  title TEXT NOT NULL DEFAULT '',
  text TEXT NOT NULL DEFAULT '',
  text_state TEXT NOT NULL DEFAULT 'none' CHECK (text_state IN ('pending', 'done', 'none')),
  thumb TEXT NOT NULL DEFAULT ''
);
CREATE INDEX chapters_recording ON chapters(recording_id, position_ms);

-- The search over chapters' titles and text (trigram: substrings of 3+ characters, Chinese included), kept in sync by
-- triggers like recordings_name_fts.
CREATE VIRTUAL TABLE chapters_fts USING fts5(title, text, content='chapters', content_rowid='id', tokenize='trigram');
CREATE TRIGGER chapters_fts_insert AFTER INSERT ON chapters BEGIN
  INSERT INTO chapters_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
CREATE TRIGGER chapters_fts_delete AFTER DELETE ON chapters BEGIN
  INSERT INTO chapters_fts(chapters_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
END;
CREATE TRIGGER chapters_fts_update AFTER UPDATE OF title, text ON chapters BEGIN
  INSERT INTO chapters_fts(chapters_fts, rowid, title, text) VALUES ('delete', old.id, old.title, old.text);
  INSERT INTO chapters_fts(rowid, title, text) VALUES (new.id, new.title, new.text);
END;
