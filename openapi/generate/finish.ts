/**
 * Last step of every generated page: check its own links and ids (links inside pre-rendered blocks
 * are invisible to the site's link checker), then serialise the marked intrinsic blocks to HTML.
 */
import type { TreeElement, TreeNode } from "../../common/tree";
import { walkElements } from "../../common/tree-walk";
import { treeToHtml } from "../../common/build/hast";
import { isRaw } from "./tree";

export interface FinishedPage {
  tree: TreeNode[];
  /** Ids inside pre-rendered blocks, for the site's anchor index. */
  hiddenIds: Set<string>;
}

/** Every id of a page and every link it makes, before serialisation. */
export function linksAndIds(tree: TreeNode[]): { ids: string[]; hrefs: string[] } {
  const ids: string[] = [];
  const hrefs: string[] = [];
  walkElements(tree, (el) => {
    const props = el[1];
    if (typeof props?.id === "string") ids.push(props.id);
    if (el[0] === "a" && typeof props?.href === "string") hrefs.push(props.href);
  });
  return { ids, hrefs };
}

/**
 * Reports duplicate ids, links to API pages that do not exist and links to missing anchors.
 * `anchorsOf(route)` gives the ids of a generated page, or null when there is none; links outside
 * `base` are left to the site's checker.
 */
export function checkPage(
  route: string,
  tree: TreeNode[],
  check: { base: string; files: string[]; anchorsOf: (route: string) => Set<string> | null },
  warn: (m: string) => void,
): void {
  const { ids, hrefs } = linksAndIds(tree);
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) warn(`${route}: duplicate id "${id}"`);
    seen.add(id);
  }
  for (const href of new Set(hrefs)) {
    const [path, hash] = href.split("#", 2) as [string, string?];
    if (path !== "" && !path.startsWith(`${check.base}/`)) continue;
    if (check.files.includes(path)) continue;
    const target = path === "" ? seen : check.anchorsOf(path);
    if (!target) warn(`${route}: broken link to ${href}`);
    else if (hash && !target.has(hash)) warn(`${route}: broken anchor #${hash} in link to ${href}`);
  }
}

/** Inline elements the reference sets side by side in a row: a field's name, type, flags and facts. */
const INLINE = new Set(["a", "b", "code", "em", "i", "span", "strong"]);

const isInline = (node: TreeNode | undefined): boolean =>
  node !== undefined && typeof node !== "string" && INLINE.has(node[0]);

/**
 * A space between two inline elements that touch (`<code>name</code><b>required</b>`): on screen
 * their margins set them apart, but wherever the page is read as text (copied, read by an agent,
 * set beside its Markdown twin) the words ran together ("U64required").
 */
export function wordsApart(nodes: TreeNode[]): TreeNode[] {
  const out: TreeNode[] = [];
  let last: TreeNode | undefined;
  for (const node of nodes) {
    if (isInline(last) && isInline(node)) out.push(" ");
    last = node;
    if (typeof node === "string" || node[0] === "pre") out.push(node);
    else out.push([node[0], node[1], ...wordsApart(node.slice(2) as TreeNode[])] as TreeElement);
  }
  return out;
}

/** Replaces each marked block by one element carrying its pre-rendered HTML. */
export function compactPage(tree: TreeNode[]): FinishedPage {
  const hiddenIds = new Set<string>();
  const visit = (nodes: TreeNode[]): TreeNode[] =>
    nodes.map((node) => {
      if (typeof node === "string") return node;
      if (isRaw(node)) {
        const [type, props, ...children] = node;
        for (const id of linksAndIds(children).ids) hiddenIds.add(id);
        const html = treeToHtml(wordsApart(children));
        return [type, { ...(props ?? {}), dangerouslySetInnerHTML: { __html: html } }] as TreeElement;
      }
      const [type, props, ...children] = node;
      return [type, props, ...visit(children)] as TreeElement;
    });
  return { tree: visit(tree), hiddenIds };
}
