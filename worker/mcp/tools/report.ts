/**
 * report_docs_gap: an assistant tells the site's maintainers that the docs did not answer a
 * question: the question, what it tried, and optionally the page that came closest. Stored as a
 * signal (worker/signals: text cleaned and redacted, nothing about who asked) and shown in
 * `npm run insights` and on /_insights. The only tool that writes; it never reads what it wrote.
 */
import * as z from "zod";
import { cleanText, DEFAULT_VERSION, MAX_REPORT_QUESTION_CHARS, MAX_REPORT_TRIED_CHARS } from "../../../common/signals";
import { ToolFailure } from "../live-docs";
import { defineTool } from "./define";

export const reportDocsGap = defineTool({
  name: "report_docs_gap",
  title: "Report a question the docs did not answer",
  description:
    "Tells the maintainers of these docs that they did not answer a question: the question, what you tried (searches, pages read) and, optionally, the page that came closest. Use it after search_docs and get_page did not find the answer. Write no personal details (names, e-mail or account addresses): the report is kept as text.",
  input: z.strictObject({
    question: z
      .string()
      .trim()
      .min(3)
      .max(MAX_REPORT_QUESTION_CHARS)
      .describe("The question the docs did not answer, in the user's words or yours"),
    tried: z
      .string()
      .trim()
      .min(1)
      .max(MAX_REPORT_TRIED_CHARS)
      .describe('What you tried, e.g. "search_docs: validator rewards, staking APY; read /general/staking"'),
    page: z
      .string()
      .min(1)
      .max(512)
      .optional()
      .describe("The page that came closest: its URL or path (as search_docs or get_page gave it)"),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  async run({ question, tried, page }, { docs, signals }) {
    const site = await docs.siteUrl();
    let route: string | null = null;
    let note = "";
    if (page !== undefined) {
      try {
        route = await docs.routeOf(page);
      } catch (e) {
        if (!(e instanceof ToolFailure)) throw e;
        note = ` The page "${page.slice(0, 100)}" is not a page of this site, so the report names none.`;
      }
    }
    const report = {
      version: DEFAULT_VERSION,
      question: cleanText(question, MAX_REPORT_QUESTION_CHARS),
      tried: cleanText(tried, MAX_REPORT_TRIED_CHARS),
      page: route,
    };
    signals?.agentReport(report);
    const text = signals
      ? `Thank you: the report was recorded for the maintainers.${note}`
      : `This site is not keeping reports right now (or the request asked not to be recorded), so nothing was stored.${note}`;
    return { text: `${site}\n\n${text}`, structured: { recorded: signals !== null, ...report } };
  },
});
