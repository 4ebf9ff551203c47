/**
 * Keyboard: ArrowLeft/ArrowRight follow pagination; '/' and Ctrl K (⌘K on Apple platforms) open
 * search from first paint: the first press loads the search island, the characters typed while it
 * loads are kept and become the modal's query. Once the island is mounted it handles the keys itself.
 */
import { mountIsland } from "../islands/hydrate.client";
import { isApplePlatform, isSearchShortcut, isSlashShortcut, OPEN_SEARCH_EVENT, paginationFor } from "./keys";

let typed: string | null = null;

function openSearch(): void {
  const island = document.querySelector<HTMLElement>("[data-island=SearchModal]");
  if (!island) return;
  if (typed !== null) return;
  typed = "";
  void mountIsland(island).then(() => {
    const query = typed ?? "";
    typed = null;
    if (island.dataset.islandState === "ready")
      document.dispatchEvent(new CustomEvent(OPEN_SEARCH_EVENT, { detail: { query } }));
    // The island could not load: the search page still works.
    else
      location.assign(
        `${island.querySelector("form")?.getAttribute("action") ?? "/search"}?q=${encodeURIComponent(query)}`,
      );
  });
}

export function setupKeyboard(): void {
  const apple = isApplePlatform(navigator.platform || navigator.userAgent);
  document.querySelectorAll("[data-shortcut-hint]").forEach((k) => (k.textContent = apple ? "⌘K" : "Ctrl K"));
  document.addEventListener(
    "keydown",
    (e) => {
      // While search loads, what the reader types is its query (the page would otherwise eat it).
      if (typed === null || e.defaultPrevented) return;
      if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) typed += e.key;
      else if (e.key === "Backspace") typed = typed.slice(0, -1);
      else return;
      e.preventDefault();
      e.stopPropagation();
    },
    true,
  );
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented) return;
    const dir = paginationFor(e, e.target as HTMLElement | null);
    if (dir) {
      document.querySelector<HTMLAnchorElement>(`[data-pagination="${dir}"]`)?.click();
      return;
    }
    if (isSearchShortcut(e, apple) || isSlashShortcut(e, e.target as HTMLElement | null)) {
      e.preventDefault();
      openSearch();
    }
  });
}
