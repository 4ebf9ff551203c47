/** The task set's scoring: what counts as a lost answer and as the characters a model reads. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { outcomeOf } from "./run";
import { loadTasks, scoreTask, totalsOf, type McpTask } from "./tasks";

const root = path.resolve(import.meta.dirname, "../../..");
const task: McpTask = {
  id: "t",
  question: "What is the chain ID of the example network?",
  page: "/devs/networkEndpoints",
  facts: ["Chain ID | `126`"],
  calls: [{ tool: "get_network_info", arguments: { network: "mainnet" } }],
};
const text = (t: string, isError = false) =>
  outcomeOf("get_network_info", { content: [{ type: "text", text: t }], isError });

describe("the MCP task set", () => {
  it("loads tasks.json: at least 15 tasks, each with a page, facts and calls", async () => {
    const tasks = await loadTasks(root);
    expect(tasks.length).toBeGreaterThanOrEqual(15);
    expect(new Set(tasks.map((t) => t.id)).size).toBe(tasks.length);
  });

  it("keeps an answer whose fact is in a result, across table padding and line breaks", () => {
    const score = scoreTask(task, [text("| Chain ID    |   `126`   |\n"), text("other")]);
    expect(score).toMatchObject({ calls: 2, lost: [], errors: 0 });
    expect(score.chars).toBe("| Chain ID    |   `126`   |\n".length + "other".length);
  });

  it("loses an answer when a planted wrong fact is in no result", () => {
    const planted = { ...task, facts: ["Chain ID | `127`"] };
    expect(scoreTask(planted, [text("| Chain ID | `126` |")]).lost).toEqual(["Chain ID | `127`"]);
    const totals = totalsOf([scoreTask(planted, [text("x", true)]), scoreTask(task, [text("Chain ID | `126`")])]);
    expect(totals).toMatchObject({ tasks: 2, lostAnswers: 1, errors: 1 });
  });

  it("counts only the text blocks as characters, and the whole result as wire bytes", () => {
    const outcome = outcomeOf("search_docs", {
      content: [{ type: "text", text: "é" }],
      structuredContent: { results: [] },
    });
    expect(outcome.text).toBe("é");
    expect(outcome.wireBytes).toBe(
      new TextEncoder().encode(
        JSON.stringify({ content: [{ type: "text", text: "é" }], structuredContent: { results: [] } }),
      ).length,
    );
  });
});
