-- Reader and agent signals (worker/signals): daily counts per page, query or pair, and the texts
-- readers and agents chose to send. No column holds an address, a cookie, a user agent or anything
-- else that links a row to a person; a row's only time is its UTC day.

-- One row: how many rows the signal tables hold (kept by the triggers below, so a write can check
-- the row budget without counting), and when the "budget full" line was last logged.
CREATE TABLE signals_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  rows INTEGER NOT NULL DEFAULT 0,
  full_logged_at INTEGER NOT NULL DEFAULT 0
);
INSERT INTO signals_state (id, rows, full_logged_at) VALUES (1, 0, 0);

-- "Was this page helpful?": votes per page per day. A changed vote moves one count to the other
-- on the day it changes.
CREATE TABLE feedback_daily (
  day TEXT NOT NULL,
  version TEXT NOT NULL,
  page TEXT NOT NULL,
  yes INTEGER NOT NULL DEFAULT 0,
  no INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, version, page)
) WITHOUT ROWID;

CREATE TABLE feedback_reasons_daily (
  day TEXT NOT NULL,
  version TEXT NOT NULL,
  page TEXT NOT NULL,
  vote TEXT NOT NULL CHECK (vote IN ('yes', 'no')),
  reason TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, version, page, vote, reason)
) WITHOUT ROWID;

-- Notes as the reader wrote them (plain text, at most 500 characters, addresses redacted).
CREATE TABLE feedback_notes (
  id INTEGER PRIMARY KEY,
  day TEXT NOT NULL,
  version TEXT NOT NULL,
  page TEXT NOT NULL,
  vote TEXT NOT NULL CHECK (vote IN ('yes', 'no')),
  reason TEXT,
  note TEXT NOT NULL
);
CREATE INDEX feedback_notes_by_day ON feedback_notes (day);

-- Final queries per day, by source. zero_hits counts searches that found nothing, opened those
-- whose result was opened (modal and /search only), hits is the last hit count seen.
CREATE TABLE search_daily (
  day TEXT NOT NULL,
  version TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('modal', 'page', 'api', 'agent')),
  query TEXT NOT NULL,
  searches INTEGER NOT NULL DEFAULT 0,
  zero_hits INTEGER NOT NULL DEFAULT 0,
  opened INTEGER NOT NULL DEFAULT 0,
  hits INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, version, source, query)
) WITHOUT ROWID;

-- A query that found nothing, followed in the same modal session by one whose result was opened.
CREATE TABLE search_pairs_daily (
  day TEXT NOT NULL,
  version TEXT NOT NULL,
  miss TEXT NOT NULL,
  found TEXT NOT NULL,
  count INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, version, miss, found)
) WITHOUT ROWID;

-- An assistant's report that the docs did not answer a question (the MCP tool report_docs_gap).
CREATE TABLE agent_reports (
  id INTEGER PRIMARY KEY,
  day TEXT NOT NULL,
  version TEXT NOT NULL,
  question TEXT NOT NULL,
  tried TEXT NOT NULL,
  page TEXT
);
CREATE INDEX agent_reports_by_day ON agent_reports (day);

CREATE TRIGGER feedback_daily_added AFTER INSERT ON feedback_daily BEGIN
  UPDATE signals_state SET rows = rows + 1 WHERE id = 1;
END;
CREATE TRIGGER feedback_daily_removed AFTER DELETE ON feedback_daily BEGIN
  UPDATE signals_state SET rows = rows - 1 WHERE id = 1;
END;
CREATE TRIGGER feedback_reasons_daily_added AFTER INSERT ON feedback_reasons_daily BEGIN
  UPDATE signals_state SET rows = rows + 1 WHERE id = 1;
END;
CREATE TRIGGER feedback_reasons_daily_removed AFTER DELETE ON feedback_reasons_daily BEGIN
  UPDATE signals_state SET rows = rows - 1 WHERE id = 1;
END;
CREATE TRIGGER feedback_notes_added AFTER INSERT ON feedback_notes BEGIN
  UPDATE signals_state SET rows = rows + 1 WHERE id = 1;
END;
CREATE TRIGGER feedback_notes_removed AFTER DELETE ON feedback_notes BEGIN
  UPDATE signals_state SET rows = rows - 1 WHERE id = 1;
END;
CREATE TRIGGER search_daily_added AFTER INSERT ON search_daily BEGIN
  UPDATE signals_state SET rows = rows + 1 WHERE id = 1;
END;
CREATE TRIGGER search_daily_removed AFTER DELETE ON search_daily BEGIN
  UPDATE signals_state SET rows = rows - 1 WHERE id = 1;
END;
CREATE TRIGGER search_pairs_daily_added AFTER INSERT ON search_pairs_daily BEGIN
  UPDATE signals_state SET rows = rows + 1 WHERE id = 1;
END;
CREATE TRIGGER search_pairs_daily_removed AFTER DELETE ON search_pairs_daily BEGIN
  UPDATE signals_state SET rows = rows - 1 WHERE id = 1;
END;
CREATE TRIGGER agent_reports_added AFTER INSERT ON agent_reports BEGIN
  UPDATE signals_state SET rows = rows + 1 WHERE id = 1;
END;
CREATE TRIGGER agent_reports_removed AFTER DELETE ON agent_reports BEGIN
  UPDATE signals_state SET rows = rows - 1 WHERE id = 1;
END;
