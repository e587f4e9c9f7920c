-- Where a user comes from: 'local' (a password kept here) or 'ldap' (the campus directory, setting_ldap), whose
-- name and group the directory sets at each login and which has no local password ('').
ALTER TABLE users ADD COLUMN source TEXT NOT NULL DEFAULT 'local' CHECK (source IN ('local', 'ldap'));
