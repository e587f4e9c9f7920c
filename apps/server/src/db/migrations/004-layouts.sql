-- The nine layout slots (spec §3 Layout); channeldata is a JSON array of letters A-E.
CREATE TABLE layouts (
  idx INTEGER PRIMARY KEY CHECK (idx BETWEEN 0 AND 8),
  type INTEGER NOT NULL,
  channels INTEGER NOT NULL,
  channeldata TEXT NOT NULL
);
INSERT INTO layouts (idx, type, channels, channeldata) VALUES
  (0, 9, 3, '["A","B","C"]'), (1, 0, 1, '["A"]'), (2, 0, 1, '["B"]'), (3, 0, 1, '["C"]'), (4, 1, 2, '["A","B"]'),
  (5, 3, 2, '["A","B"]'), (6, 14, 4, '["A","B","C","D"]'), (7, 12, 3, '["A","B","C"]'), (8, 23, 5, '["A","B","C","D","E"]');
CREATE TABLE layout_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  current INTEGER NOT NULL DEFAULT 0,
  autoswitch INTEGER NOT NULL DEFAULT 0
);
INSERT INTO layout_state (id, current, autoswitch) VALUES (1, 0, 0);
