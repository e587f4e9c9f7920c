-- Disk scan marks files that are in the database but no longer on disk.
ALTER TABLE recording_files ADD COLUMN missing INTEGER NOT NULL DEFAULT 0;
