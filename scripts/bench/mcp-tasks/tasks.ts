/**
 * The MCP task set (tasks.json): questions a developer asks an assistant connected to /mcp, the
 * page and facts that answer each, and the tool calls a client makes. Scoring is pure: a task's
 * answer is lost when one of its facts is in none of its tool results' text.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import * as z from "zod";

const Call = z.strictObject({ tool: z.string().min(1), arguments: z.record(z.string(), z.unknown()) });
const Task = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  question: z.string().min(10),
  page: z.string().startsWith("/"),
  facts: z.array(z.string().min(1)).min(1),
  calls: z.array(Call).min(1),
});
const TaskFile = z.strictObject({ $comment: z.string(), tasks: z.array(Task).min(15) });

export type McpTask = z.output<typeof Task>;
export type McpCall = z.output<typeof Call>;

export async function loadTasks(root: string): Promise<McpTask[]> {
  const file = path.join(root, "scripts/bench/mcp-tasks/tasks.json");
  const { tasks } = TaskFile.parse(JSON.parse(await readFile(file, "utf8")));
  const ids = new Set<string>();
  for (const t of tasks) {
    if (ids.has(t.id)) throw new Error(`tasks.json: task id "${t.id}" is used twice`);
    ids.add(t.id);
  }
  return tasks;
}

/** What one tool call returned, as a model reads it (its text blocks) and as it crossed the wire. */
export interface CallOutcome {
  tool: string;
  /** The result's text content blocks, joined with newlines. */
  text: string;
  /** Bytes of the JSON-RPC result (text, structuredContent and the rest), UTF-8. */
  wireBytes: number;
  isError: boolean;
}

export interface TaskScore {
  id: string;
  calls: number;
  /** Characters of text of all the task's tool results. */
  chars: number;
  wireBytes: number;
  /** Calls that answered with isError. */
  errors: number;
  /** Facts that none of the results contain. */
  lost: string[];
}

/** Runs of spaces, tabs and line breaks count as one space, so a table's padding cannot hide a fact. */
const normalise = (s: string) => s.replace(/\s+/g, " ");

export function scoreTask(task: McpTask, outcomes: CallOutcome[]): TaskScore {
  const text = normalise(outcomes.map((o) => o.text).join("\n"));
  return {
    id: task.id,
    calls: outcomes.length,
    chars: outcomes.reduce((n, o) => n + o.text.length, 0),
    wireBytes: outcomes.reduce((n, o) => n + o.wireBytes, 0),
    errors: outcomes.filter((o) => o.isError).length,
    lost: task.facts.filter((f) => !text.includes(normalise(f))),
  };
}

export interface TaskSetTotals {
  tasks: number;
  calls: number;
  chars: number;
  wireBytes: number;
  errors: number;
  /** Tasks with at least one lost fact. */
  lostAnswers: number;
}

export function totalsOf(scores: TaskScore[]): TaskSetTotals {
  return {
    tasks: scores.length,
    calls: scores.reduce((n, s) => n + s.calls, 0),
    chars: scores.reduce((n, s) => n + s.chars, 0),
    wireBytes: scores.reduce((n, s) => n + s.wireBytes, 0),
    errors: scores.reduce((n, s) => n + s.errors, 0),
    lostAnswers: scores.filter((s) => s.lost.length > 0).length,
  };
}
