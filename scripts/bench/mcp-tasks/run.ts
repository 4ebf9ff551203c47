/**
 * Runs the MCP task set through an official MCP client (the TypeScript SDK's `Client` over
 * Streamable HTTP) against a running worker's /mcp, and scores it (tasks.ts).
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { scoreTask, totalsOf, type CallOutcome, type McpTask, type TaskScore, type TaskSetTotals } from "./tasks";

export interface TaskSetReport {
  totals: TaskSetTotals;
  tasks: TaskScore[];
}

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

export function outcomeOf(tool: string, result: CallToolResult): CallOutcome {
  const text = result.content
    .filter((c): c is { type: "text"; text: string } => c.type === "text")
    .map((c) => c.text)
    .join("\n");
  return { tool, text, wireBytes: utf8Bytes(JSON.stringify(result)), isError: result.isError === true };
}

/** Runs every task's calls in order on one connected client. */
export async function runTasks(client: Client, tasks: McpTask[]): Promise<TaskSetReport> {
  const scores: TaskScore[] = [];
  for (const task of tasks) {
    const outcomes: CallOutcome[] = [];
    for (const call of task.calls) {
      const result = (await client.callTool({ name: call.tool, arguments: call.arguments })) as CallToolResult;
      outcomes.push(outcomeOf(call.tool, result));
    }
    scores.push(scoreTask(task, outcomes));
  }
  return { totals: totalsOf(scores), tasks: scores };
}

/** Connects a client to `${origin}/mcp`, runs the set and closes the client. */
export async function runTasksAt(origin: string, tasks: McpTask[]): Promise<TaskSetReport> {
  const client = new Client({ name: "mcp-task-set", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL("/mcp", origin)));
  try {
    return await runTasks(client, tasks);
  } finally {
    await client.close();
  }
}

export function renderReport(report: TaskSetReport, baseline?: TaskSetTotals): string {
  const rows = report.tasks.map(
    (t) =>
      `| ${t.id} | ${t.calls} | ${t.chars} | ${t.wireBytes} | ${t.lost.length ? `lost: ${t.lost.join(", ")}` : "ok"} |`,
  );
  const { totals } = report;
  const change = (now: number, then: number) => `${(((now - then) / then) * 100).toFixed(1)}%`;
  return [
    "| task | calls | characters | wire bytes | answer |",
    "|---|---|---|---|---|",
    ...rows,
    "",
    `${totals.tasks} tasks, ${totals.calls} calls: ${totals.chars} characters of tool results (${totals.wireBytes} bytes on the wire), ${totals.errors} tool errors, ${totals.lostAnswers} lost answers.`,
    ...(baseline
      ? [
          `Baseline: ${baseline.chars} characters (${baseline.wireBytes} bytes on the wire), ${baseline.lostAnswers} lost answers; characters ${change(totals.chars, baseline.chars)}, wire bytes ${change(totals.wireBytes, baseline.wireBytes)}.`,
        ]
      : []),
  ].join("\n");
}
