-- listmedia's name search: a trigram index over recordings' title and name (substring search of 3+ characters),
-- kept in sync by triggers. recording-list-repository.ts narrows by it and still applies the LIKE, so results are
-- exactly those of the LIKE scan.
CREATE VIRTUAL TABLE recordings_name_fts USING fts5(title, name, content='recordings', content_rowid='id', tokenize='trigram');
INSERT INTO recordings_name_fts(recordings_name_fts) VALUES ('rebuild');
CREATE TRIGGER recordings_name_fts_insert AFTER INSERT ON recordings BEGIN
  INSERT INTO recordings_name_fts(rowid, title, name) VALUES (new.id, new.title, new.name);
END;
CREATE TRIGGER recordings_name_fts_delete AFTER DELETE ON recordings BEGIN
  INSERT INTO recordings_name_fts(recordings_name_fts, rowid, title, name) VALUES ('delete', old.id, old.title, old.name);
END;
CREATE TRIGGER recordings_name_fts_update AFTER UPDATE OF title, name ON recordings BEGIN
  INSERT INTO recordings_name_fts(recordings_name_fts, rowid, title, name) VALUES ('delete', old.id, old.title, old.name);
  INSERT INTO recordings_name_fts(rowid, title, name) VALUES (new.id, new.title, new.name);
END;
