-- Two-character search (issue 22): most Chinese words are two characters, which the trigram indexes cannot find.
-- Each indexed text is also kept as its pairs of neighbouring letters or digits (search_bigrams(), a function the
-- service registers on its connection: src/db/search-bigrams.ts), so a two-character query is a token lookup instead
-- of a scan of every title, chapter and caption cue. Contentless (only the tokens are stored); rows follow by triggers.
CREATE VIRTUAL TABLE recordings_title_bigrams USING fts5(text, content='', contentless_delete=1, tokenize='unicode61');
INSERT INTO recordings_title_bigrams(rowid, text) SELECT id, search_bigrams(title) FROM recordings;
CREATE TRIGGER recordings_title_bigrams_insert AFTER INSERT ON recordings BEGIN
  INSERT INTO recordings_title_bigrams(rowid, text) VALUES (new.id, search_bigrams(new.title));
END;
CREATE TRIGGER recordings_title_bigrams_delete AFTER DELETE ON recordings BEGIN
  DELETE FROM recordings_title_bigrams WHERE rowid = old.id;
END;
CREATE TRIGGER recordings_title_bigrams_update AFTER UPDATE OF title ON recordings BEGIN
  DELETE FROM recordings_title_bigrams WHERE rowid = old.id;
  INSERT INTO recordings_title_bigrams(rowid, text) VALUES (new.id, search_bigrams(new.title));
END;

CREATE VIRTUAL TABLE chapters_bigrams USING fts5(text, content='', contentless_delete=1, tokenize='unicode61');
INSERT INTO chapters_bigrams(rowid, text) SELECT id, search_bigrams(title || ' ' || text) FROM chapters;
CREATE TRIGGER chapters_bigrams_insert AFTER INSERT ON chapters BEGIN
  INSERT INTO chapters_bigrams(rowid, text) VALUES (new.id, search_bigrams(new.title || ' ' || new.text));
END;
CREATE TRIGGER chapters_bigrams_delete AFTER DELETE ON chapters BEGIN
  DELETE FROM chapters_bigrams WHERE rowid = old.id;
END;
CREATE TRIGGER chapters_bigrams_update AFTER UPDATE OF title, text ON chapters BEGIN
  DELETE FROM chapters_bigrams WHERE rowid = old.id;
  INSERT INTO chapters_bigrams(rowid, text) VALUES (new.id, search_bigrams(new.title || ' ' || new.text));
END;

CREATE VIRTUAL TABLE caption_cues_bigrams USING fts5(text, content='', contentless_delete=1, tokenize='unicode61');
INSERT INTO caption_cues_bigrams(rowid, text) SELECT id, search_bigrams(text) FROM caption_cues;
CREATE TRIGGER caption_cues_bigrams_insert AFTER INSERT ON caption_cues BEGIN
  INSERT INTO caption_cues_bigrams(rowid, text) VALUES (new.id, search_bigrams(new.text));
END;
CREATE TRIGGER caption_cues_bigrams_delete AFTER DELETE ON caption_cues BEGIN
  DELETE FROM caption_cues_bigrams WHERE rowid = old.id;
END;
CREATE TRIGGER caption_cues_bigrams_update AFTER UPDATE OF text ON caption_cues BEGIN
  DELETE FROM caption_cues_bigrams WHERE rowid = old.id;
  INSERT INTO caption_cues_bigrams(rowid, text) VALUES (new.id, search_bigrams(new.text));
END;
