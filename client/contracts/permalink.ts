/**
 * Permalinks: the "#" beside a heading (drawn by the renderer) or beside a field or parameter row of
 * the API reference (drawn into its pre-rendered blocks by the generator). They are page chrome,
 * not content: the Markdown twins and search records leave every element of this class out, and
 * the boot script copies their URL when one is followed.
 */
import type { TreeElement } from "./tree";

export const PERMALINK_CLASS = "permalink";

/** What a permalink points at, which its accessible name says. */
export type PermalinkTarget = "section" | "field" | "parameter";

/** The link's accessible name: never the heading's own text alone, so the heading keeps its name. */
export function permalinkLabel(target: PermalinkTarget, name: string): string {
  return target === "section" ? `Link to this section: ${name}` : `Link to ${target} ${name}`;
}

/** The permalink to the element with `id`, as a page-tree element (its "#" is drawn by the stylesheet). */
export function permalinkElement(id: string, target: PermalinkTarget, name: string): TreeElement {
  return ["a", { className: PERMALINK_CLASS, href: `#${id}`, "aria-label": permalinkLabel(target, name) }];
}
