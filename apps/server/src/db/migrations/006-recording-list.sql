-- listmedia pages newest first (starttime, then id) through these indexes: all recordings, one user's, one
-- album's. Each ends in the rowid, so ORDER BY starttime DESC, id DESC walks the index with no sort.
CREATE INDEX recordings_starttime ON recordings(starttime);
CREATE INDEX recordings_user_starttime ON recordings(usercode, starttime);
CREATE INDEX recordings_album_starttime ON recordings(album_id, starttime);
-- Superseded by recordings_user_starttime (same leading column).
DROP INDEX recordings_usercode;
-- Recording access resolves the users of a group.
CREATE INDEX users_groupcode ON users(groupcode);
