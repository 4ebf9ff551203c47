/**
 * Permalinks: the "#" beside a heading (drawn by the renderer), and the name of a field or parameter
 * row of the API reference, which is itself the link to its row (drawn into its pre-rendered blocks
 * by the generator: a separate empty link on each of a page's hundreds of rows weighed more than
 * the rows' own text). The "#" is page chrome: the Markdown twins and search records leave an
 * empty permalink out and keep only the name of a named one, and the boot script copies the URL
 * when one is followed.
 */
import type { TreeElement } from "./tree";

export const PERMALINK_CLASS = "permalink";

/** A heading's permalink's accessible name: never the heading's own text alone, so the heading keeps its name. */
export function permalinkLabel(name: string): string {
  return `Link to this section: ${name}`;
}

/**
 * A field's or parameter's name as the permalink to its row `id`, as a page-tree element: the
 * name (in <code>) is the link's text and so its accessible name; the stylesheet adds a "#" after
 * it on hover and focus.
 */
export function namePermalink(id: string, name: string): TreeElement {
  return ["a", { className: PERMALINK_CLASS, href: `#${id}` }, ["code", null, name]];
}
