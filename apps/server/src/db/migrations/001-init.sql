CREATE TABLE user_groups (
  groupcode TEXT PRIMARY KEY,
  groupname TEXT NOT NULL,
  functions TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE users (
  usercode TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'user')),
  groupcode TEXT NOT NULL DEFAULT '',
  functions TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL
);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  usercode TEXT NOT NULL REFERENCES users(usercode) ON DELETE CASCADE,
  source TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_seen INTEGER NOT NULL
);
CREATE INDEX sessions_usercode ON sessions(usercode);

CREATE TABLE recording_access (
  code TEXT NOT NULL,
  code_type TEXT NOT NULL CHECK (code_type IN ('group', 'user')),
  access_groupcode TEXT NOT NULL,
  PRIMARY KEY (code, code_type, access_groupcode)
);

CREATE TABLE settings (
  code TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (code, key)
);

CREATE TABLE operation_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  usercode TEXT NOT NULL,
  opesource TEXT NOT NULL,
  description TEXT NOT NULL,
  opetime TEXT NOT NULL
);
