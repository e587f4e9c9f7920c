-- A recording file's SHA-256 (hex), computed once when the recording is finalized (or by the first upload that
-- needed it), with the size and modification time (fs.Stats.mtimeMs) of the file it was computed for. Uploads
-- (the .sha256 beside each file, the FTP HASH check) take it only while the file still has that size and mtime.
-- Written in one statement after the hash is complete: NULL means no hash known (e.g. cut off by kill -9).
ALTER TABLE recording_files ADD COLUMN sha256 TEXT;
ALTER TABLE recording_files ADD COLUMN sha256_size INTEGER;
ALTER TABLE recording_files ADD COLUMN sha256_mtime REAL;
