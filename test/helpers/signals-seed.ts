/** A small set of signals, as the worker would have recorded them, for the insights tests: days counted back from `today`. */
import { dayOf } from "../../common/signals";

const DAY = 86_400_000;

/** The INSERT statements of the seed; `today` is a time on the last day of the window. */
export function seedStatements(today: number): { sql: string; params: (string | number)[] }[] {
  const day = (ago: number) => dayOf(today - ago * DAY);
  const search = (
    ago: number,
    source: string,
    query: string,
    searches: number,
    zero: number,
    opened: number,
    hits: number,
  ) => ({
    sql: "INSERT INTO search_daily (day, version, source, query, searches, zero_hits, opened, hits) VALUES (?1, 'current', ?2, ?3, ?4, ?5, ?6, ?7)",
    params: [day(ago), source, query, searches, zero, opened, hits],
  });
  return [
    search(0, "modal", "gas staton", 2, 2, 0, 0),
    search(2, "modal", "gas staton", 1, 1, 0, 0),
    search(1, "api", "zzqxv", 2, 2, 0, 0),
    search(0, "agent", "zzqxv", 1, 1, 0, 0),
    search(3, "page", "validator rewards", 4, 0, 0, 12),
    search(0, "modal", "faucet", 5, 0, 3, 9),
    // Outside a 30-day window.
    search(40, "modal", "old miss", 9, 9, 0, 0),
    {
      sql: "INSERT INTO search_pairs_daily (day, version, miss, found, count) VALUES (?1, 'current', 'gas staton', 'gas fee', 2)",
      params: [day(0)],
    },
    {
      sql: "INSERT INTO feedback_daily (day, version, page, yes, no) VALUES (?1, 'current', '/devs/faq', 1, 2), (?2, 'current', '/devs/faq', 0, 1), (?1, 'current', '/general/UsingMovement/faucet', 5, 1)",
      params: [day(0), day(1)],
    },
    {
      sql: "INSERT INTO feedback_reasons_daily (day, version, page, vote, reason, count) VALUES (?1, 'current', '/devs/faq', 'no', 'missing', 2), (?1, 'current', '/devs/faq', 'no', 'wrong', 1)",
      params: [day(0)],
    },
    {
      sql: "INSERT INTO feedback_notes (day, version, page, vote, reason, note) VALUES (?1, 'current', '/devs/faq', 'no', 'missing', ?2)",
      params: [day(0), "The fee | table lacks <b>testnet</b> gas"],
    },
    {
      sql: "INSERT INTO agent_reports (day, version, question, tried, page) VALUES (?1, 'current', ?2, ?3, '/devs/fullnode')",
      params: [day(1), "How do I rotate a validator's consensus key?", "search_docs: rotate consensus key"],
    },
  ];
}
