/**
 * "What changed in the node API": a page written in Markdown (`openapi/changes.md`) beside the
 * document, generated with the reference so it lives under /api/node/ in the API sidebar. The file
 * holds a `# ` title line, then paragraphs and lists in sections that start with `## `.
 */
import type { TreeNode } from "../../common/tree";
import { markdown, summaryText } from "./markdown";
import type { GeneratedPage } from "./operation-page";
import { API_BASE, slugify } from "./routes";
import { h } from "./tree";

export const CHANGES_FILE = "openapi/changes.md";
export const CHANGES_ROUTE = `${API_BASE}/what-changed`;
/** The page's label in the API sidebar. */
export const CHANGES_LABEL = "What changed";

export class ChangesInvalid extends Error {}

export function changesPage(source: string): GeneratedPage {
  const [first, ...rest] = source.trim().split("\n");
  const title = /^# (.+)$/.exec(first ?? "")?.[1]?.trim();
  if (!title) throw new ChangesInvalid(`${CHANGES_FILE}:1: the file must start with a "# " title line`);
  const [intro = "", ...sections] = rest.join("\n").split(/^## /m);
  const tree: TreeNode[] = [h("h1", { id: slugify(title) }, title), ...markdown(intro)];
  for (const section of sections) {
    const [heading = "", ...body] = section.split("\n");
    tree.push(h("h2", { id: slugify(heading) }, heading.trim()), ...markdown(body.join("\n")));
  }
  return { title, description: summaryText(intro) || title, tree };
}
