-- Where a transfer puts what it sends, chosen by its target when it is queued (e.g. the FTP/SFTP remote path
-- from the upload model and the folder setting of that moment), so that a retry, a resume after kill -9 or a
-- later change of settings never sends the same file again under another name. '' for targets that decide at
-- send time (the cloud providers: their folder setting).
ALTER TABLE transfers ADD COLUMN dest TEXT NOT NULL DEFAULT '';
