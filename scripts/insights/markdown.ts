/**
 * The insights report as Markdown: what `npm run insights` prints and writes beside the JSON.
 * Readers' and agents' texts go in table cells and quotes escaped (no pipe, markup or HTML of
 * theirs takes effect).
 */
import { suggestedSynonyms, type InsightsReport } from "../../common/insights";
import { reasonLabel } from "../../common/signals";

/** Text as one table cell: one line, pipes, markup characters and angle brackets escaped. */
export function cell(text: string): string {
  return text
    .replace(/\s+/g, " ")
    .replace(/[\\`*_[\]|]/g, (c) => `\\${c}`)
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .trim();
}

const table = (head: string[], rows: string[][]) =>
  rows.length
    ? [`| ${head.join(" | ")} |`, `|${head.map(() => "---").join("|")}|`, ...rows.map((r) => `| ${r.join(" | ")} |`)]
    : ["Nothing in this window."];

const versioned = (text: string, version: string) => (version === "current" ? text : `${text} (${cell(version)})`);

export function insightsMarkdown(r: InsightsReport): string {
  const t = r.totals;
  const pct = t.searches ? ` (${((t.zeroHitSearches / t.searches) * 100).toFixed(1)}%)` : "";
  const lines = [
    `# What readers and agents could not find, ${r.since} to ${r.until}`,
    "",
    `${t.searches} searches, ${t.zeroHitSearches} with no result${pct}; ${t.yes} "yes" and ${t.no} "no" votes; ${t.agentReports} agent reports.`,
    "",
    "## Top zero-result queries",
    "",
    ...table(
      ["query", "searches with no result", "from"],
      r.zeroResultQueries.map((q) => [versioned(cell(q.query), q.version), String(q.zeroHits), q.sources.join(", ")]),
    ),
    "",
    "## Queries whose results nobody opened",
    "",
    ...table(
      ["query", "searches", "results"],
      r.unopenedQueries.map((q) => [versioned(cell(q.query), q.version), String(q.searches), String(q.hits)]),
    ),
    "",
    '## Pages with the most "no" votes',
    "",
  ];
  if (r.pages.length === 0) lines.push("Nothing in this window.");
  for (const p of r.pages) {
    lines.push(`### ${versioned(cell(p.page), p.version)}: ${p.no} no, ${p.yes} yes`, "");
    if (p.reasons.length)
      lines.push(`Reasons: ${p.reasons.map((x) => `${cell(reasonLabel(x.reason))} (${x.count})`).join("; ")}.`, "");
    for (const n of p.notes) lines.push(`> ${n.day}, ${n.vote}${n.reason ? `, ${n.reason}` : ""}: ${cell(n.note)}`, "");
  }
  lines.push(
    "",
    "## Agent reports",
    "",
    ...table(
      ["day", "question", "tried", "page"],
      r.agentReports.map((a) => [
        a.day,
        versioned(cell(a.question), a.version),
        cell(a.tried),
        a.page ? cell(a.page) : "",
      ]),
    ),
    "",
    "## Suggested synonyms",
    "",
    "A query that found nothing, then one whose result the reader opened, in the same search session.",
    "",
    ...table(
      ["searched", "then found with", "times"],
      r.pairs.map((p) => [versioned(cell(p.miss), p.version), cell(p.found), String(p.count)]),
    ),
  );
  if (r.pairs.length)
    lines.push(
      "",
      "As entries for content/search/synonyms.json, to review before adding:",
      "",
      "```json",
      // A backtick in a query must not close the fence: JSON spells it as an escape.
      JSON.stringify(suggestedSynonyms(r.pairs), null, 2).replace(/`/g, "\\u0060"),
      "```",
    );
  return `${lines.join("\n").replace(/\n{3,}/g, "\n\n")}\n`;
}
