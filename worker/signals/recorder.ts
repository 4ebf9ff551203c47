/**
 * Records signals in D1 without touching the request: nothing on a request reads D1 or waits for
 * it. An isolate holds the signals its requests make for SIGNALS_FLUSH_MS, then writes them all as
 * one D1 batch, handed to the `waitUntil` of the request that made the first of them: a busy site
 * sends D1 one batch a second per isolate instead of one per search, and a request pays for no
 * write of its own. A failing database is logged once and left alone for a minute (writes in that
 * minute are dropped); a row the budget stops is dropped, and the first drop of each hour logs one
 * line (claimed in D1, so one line an hour across isolates).
 */
import { dayOf, SIGNALS_FLUSH_MS } from "../../common/signals";
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

/**
 * Statements one batch holds at most. D1 counts each statement of a batch as a query, and a Worker
 * invocation may make 50 on the Free plan: a window that would pass this is written at once, and
 * the signal that would have passed it opens the next window.
 */
export const MAX_BATCH_STATEMENTS = 40;

/** After a failed write, this isolate sends no write for this long. */
const PAUSE_AFTER_FAILURE_MS = 60_000;
/** At most one "budget full" line an hour. */
const FULL_LOG_EVERY_MS = 3_600_000;

let pausedUntil = 0;

/**
 * A signal waiting for the isolate's next write: its kind and its statements. A statement is its SQL
 * and values until a batch sends it, so the request that writes the window may send another's.
 */
interface Pending {
  kind: string;
  statements: D1PreparedStatement[];
}

/** The signals this isolate holds (its open window), and whether a write of them waits in some request's `waitUntil`. */
let pending: Pending[] = [];
let pendingStatements = 0;
let windowOpen = false;
/** Counts the windows taken, so that a window's timed write does nothing once its signals were written early. */
let windowsTaken = 0;

function takePending(): Pending[] {
  const taken = pending;
  pending = [];
  pendingStatements = 0;
  windowOpen = false;
  windowsTaken++;
  return taken;
}

const wait = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export class SignalsRecorder {
  constructor(
    private readonly db: D1Database,
    private readonly defer: (work: Promise<unknown>) => void,
    private readonly rowBudget: number,
    private readonly flushMs: number = SIGNALS_FLUSH_MS,
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

  /** Holds a signal for the isolate's next write (its day is the day it was made), or writes it now. */
  private write(kind: string, statements: (day: string) => D1PreparedStatement[]): void {
    const now = this.now();
    if (now < pausedUntil) return;
    const signal: Pending = { kind, statements: statements(dayOf(now)) };
    const count = signal.statements.length;
    if (count === 0) return;
    if (this.flushMs === 0) return this.defer(this.writeBatch([signal]));
    if (pendingStatements + count > MAX_BATCH_STATEMENTS) this.defer(this.writeBatch(takePending()));
    pending.push(signal);
    pendingStatements += count;
    if (windowOpen) return;
    windowOpen = true;
    const window = windowsTaken;
    this.defer(wait(this.flushMs).then(() => (window === windowsTaken ? this.writeBatch(takePending()) : undefined)));
  }

  /** Writes these signals as one D1 batch; the rows the budget stopped are logged by kind. */
  private async writeBatch(signals: Pending[]): Promise<void> {
    const batch = signals.flatMap((g) => g.statements);
    if (batch.length === 0) return;
    try {
      const results = await this.db.batch(batch);
      const droppedKinds = new Set<string>();
      let dropped = 0;
      let at = 0;
      for (const group of signals) {
        for (const result of results.slice(at, at + group.statements.length))
          if (result.meta.changes === 0) {
            dropped++;
            droppedKinds.add(group.kind);
          }
        at += group.statements.length;
      }
      if (dropped) await this.budgetFull([...droppedKinds].join(","), dropped, this.now());
    } catch (error: unknown) {
      if (Date.now() < pausedUntil) return;
      pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
      log.error("signals_write_failed", {
        kind: [...new Set(signals.map((g) => g.kind))].join(","),
        pauseMs: PAUSE_AFTER_FAILURE_MS,
        error,
      });
    }
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
  takePending();
}
