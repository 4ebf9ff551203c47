/**
 * get_page: a page's Markdown (the build's twin), API reference pages included: the whole page,
 * one section (by the `#anchor` of its URL or the `section` argument), or its outline.
 */
import * as z from "zod";
import { ToolFailure } from "../live-docs";
import { findSection, type Section } from "../sections";
import { cut, defineTool, offsetArg } from "./define";

const outlineLine = (s: Section) =>
  `${"  ".repeat(Math.max(0, s.depth - 2))}- #${s.id} ${s.title} (${s.end - s.start} characters)`;

export const getPage = defineTool({
  name: "get_page",
  title: "Get a docs page as Markdown",
  description:
    "Returns a documentation page as Markdown: one section when `path` has a #anchor (as search_docs results do) or `section` names one, else the whole page. `outline: true` lists the page's sections with their sizes instead. Answers start with the page's URL.",
  input: z.strictObject({
    path: z
      .string()
      .min(1)
      .max(2048)
      .describe("The page's path or full URL, optionally with a #anchor, e.g. /devs/faq#which-token-pays-for-gas"),
    section: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("A section's anchor or heading text; takes precedence over the #anchor of `path`"),
    outline: z.boolean().optional().describe("List the page's sections instead of returning its text"),
    offset: offsetArg,
  }),
  async run({ path, section, outline, offset = 0 }, ctx) {
    const { docs } = ctx;
    const { route, anchor } = await docs.locate(path);
    const markdown = await docs.markdown(route);
    const url = `${await docs.siteUrl()}${route}`;
    const sections = section !== undefined || anchor || outline ? await docs.sections(route, markdown) : [];
    if (outline) {
      const lines = sections.filter((s) => s.depth >= 2).map(outlineLine);
      const title = sections.find((s) => s.depth === 1)?.title ?? route;
      return {
        text: [url, "", `# ${title} (${markdown.length} characters)`, "", ...lines].join("\n"),
        structured: {
          url,
          title,
          characters: markdown.length,
          sections: sections
            .filter((s) => s.depth >= 2)
            .map((s) => ({ anchor: s.id, title: s.title, depth: s.depth, characters: s.end - s.start })),
        },
      };
    }
    const wanted = section ?? anchor;
    if (!wanted) {
      const text = cut(
        markdown,
        offset,
        ctx,
        (next) => `get_page with path "${route}" and offset ${next}, or ask for one section (outline: true lists them)`,
      );
      return { text: `${url}\n\n${text}` };
    }
    const found = findSection(sections, wanted);
    if (!found) {
      const known = sections.filter((s) => s.depth >= 2).map((s) => s.id);
      throw new ToolFailure(
        `${url} has no section "${wanted.slice(0, 200)}". Its sections: ${known.length ? known.join(", ") : "none (call get_page without a section)"}`,
      );
    }
    const text = cut(
      markdown.slice(found.start, found.end),
      offset,
      ctx,
      (next) => `get_page with path "${route}#${found.id}" and offset ${next}`,
    );
    return { text: `${url}#${found.id}\n\n${text}` };
  },
});
