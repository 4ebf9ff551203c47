/**
 * Records signals in D1 without touching the request: each write is one D1 batch handed to
 * `waitUntil`, so the answer is sent before it runs, and nothing on a request reads D1. A failing
 * database is logged once and left alone for a minute (writes in that minute are dropped); a row
 * the budget stops is dropped, and the first drop of each hour logs one line (claimed in D1, so
 * one line an hour across isolates).
 */
import { dayOf } from "../../common/signals";
import { log } from "../log";
import {
  agentReportStatements,
  claimFullLog,
  feedbackStatements,
  rowCount,
  searchStatements,
  type AgentReport,
  type FeedbackSignal,
  type SearchSignal,
} from "./statements";

/** After a failed write, this isolate sends no write for this long. */
const PAUSE_AFTER_FAILURE_MS = 60_000;
/** At most one "budget full" line an hour. */
const FULL_LOG_EVERY_MS = 3_600_000;

let pausedUntil = 0;

export class SignalsRecorder {
  constructor(
    private readonly db: D1Database,
    private readonly defer: (work: Promise<unknown>) => void,
    private readonly rowBudget: number,
    private readonly now: () => number = Date.now,
  ) {}

  feedback(f: FeedbackSignal): void {
    this.write("feedback", (day) => feedbackStatements(this.db, day, this.rowBudget, f));
  }

  search(s: SearchSignal): void {
    this.write("search", (day) => searchStatements(this.db, day, this.rowBudget, s));
  }

  agentReport(r: AgentReport): void {
    this.write("agent_report", (day) => agentReportStatements(this.db, day, this.rowBudget, r));
  }

  private write(kind: string, statements: (day: string) => D1PreparedStatement[]): void {
    const now = this.now();
    if (now < pausedUntil) return;
    const batch = statements(dayOf(now));
    if (batch.length === 0) return;
    this.defer(
      this.db
        .batch(batch)
        .then((results) => {
          const dropped = results.filter((r) => r.meta.changes === 0).length;
          if (dropped) return this.budgetFull(kind, dropped, now);
        })
        .catch((error: unknown) => {
          if (Date.now() < pausedUntil) return;
          pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
          log.error("signals_write_failed", { kind, pauseMs: PAUSE_AFTER_FAILURE_MS, error });
        }),
    );
  }

  private async budgetFull(kind: string, dropped: number, now: number): Promise<void> {
    const [claim, rows] = await this.db.batch<{ rows: number }>([
      claimFullLog(this.db, now, FULL_LOG_EVERY_MS),
      rowCount(this.db),
    ]);
    if (claim!.meta.changes === 1)
      log.error("signals_row_budget_full", {
        kind,
        dropped,
        rows: rows!.results[0]?.rows ?? null,
        rowBudget: this.rowBudget,
      });
  }
}

/** Test hook: forget a pause after a failure (each test starts with a working database). */
export function resumeSignals(): void {
  pausedUntil = 0;
}
