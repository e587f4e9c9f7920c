-- The console's screen lock (contract decisions.ts "Lock screen"): a locked session is refused every call but the
-- few the lock overlay needs until it is unlocked. Kept with the session, so a reload, a second tab and a restart
-- of the service find it locked. NULL: not locked; else when it was locked (epoch ms).
ALTER TABLE sessions ADD COLUMN locked_at INTEGER;
