/**
 * Repairs the roles DocSearch 3.9 renders (README.md: why 3.9 and not 5), so assistive technology
 * meets a dialog holding a combobox whose popup is a tree of results:
 *
 * - the backdrop is a `role="button"` that holds every control of the modal and takes the combobox
 *   attributes: it becomes a plain element, and the modal box a labelled dialog;
 * - the modal's `<header>` and `<footer>` would be a second banner and contentinfo of the page;
 * - each result list is a `listbox` of `option`s, and an option may hold no control, yet each
 *   holds the result's link (and a recent search its star and remove buttons): the lists become
 *   trees of tree items (DocSearch draws them as a tree: a page with its sections), which may;
 * - the input names in `aria-controls` lists that were never rendered, or none: it names those shown.
 *
 * Only attributes change, never elements, so React, which sets an attribute again only when its
 * value changes, keeps working on the same nodes; `watchModalMarkup` repairs again after each render.
 */

/** Sets (or removes, for null) an attribute only when it differs, so repairing twice changes nothing. */
function set(el: Element, name: string, value: string | null): void {
  if (value === null) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
  } else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

const BACKDROP_ATTRIBUTES = [
  "role",
  "tabindex",
  "aria-expanded",
  "aria-haspopup",
  "aria-labelledby",
  "aria-controls",
  "aria-owns",
];

export function repairModalMarkup(root: ParentNode, label: string): void {
  const backdrop = root.querySelector(".DocSearch-Container");
  if (!backdrop) return;
  for (const name of BACKDROP_ATTRIBUTES) set(backdrop, name, null);
  const modal = backdrop.querySelector(".DocSearch-Modal");
  if (modal) {
    set(modal, "role", "dialog");
    set(modal, "aria-modal", "true");
    set(modal, "aria-label", label);
  }
  for (const el of backdrop.querySelectorAll(".DocSearch-SearchBar, .DocSearch-Footer")) set(el, "role", "none");
  const lists = [...backdrop.querySelectorAll(".DocSearch-Dropdown ul[role]")];
  for (const list of lists) {
    set(list, "role", "tree");
    const title = list.parentElement?.querySelector(".DocSearch-Hit-source")?.textContent?.trim();
    if (title) {
      set(list, "aria-labelledby", null);
      set(list, "aria-label", title);
    }
  }
  for (const item of backdrop.querySelectorAll(".DocSearch-Dropdown li[role=option]")) set(item, "role", "treeitem");
  const input = backdrop.querySelector("input.DocSearch-Input");
  if (input) {
    const controls = lists.map((list) => list.id).filter(Boolean);
    set(input, "role", "combobox");
    set(input, "aria-haspopup", "tree");
    set(input, "aria-expanded", String(controls.length > 0));
    set(input, "aria-controls", controls.length ? controls.join(" ") : null);
  }
}

/** Repairs now and after every change DocSearch makes under `root`; returns the function that stops. */
export function watchModalMarkup(root: Element, label: string): () => void {
  repairModalMarkup(root, label);
  const observer = new MutationObserver(() => repairModalMarkup(root, label));
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["role", "aria-controls", "aria-labelledby", "aria-haspopup", "aria-expanded", "tabindex"],
  });
  return () => observer.disconnect();
}
