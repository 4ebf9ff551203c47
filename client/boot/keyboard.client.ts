/**
 * Keyboard: ArrowLeft/ArrowRight follow pagination; '/', Ctrl K and ⌘K open search from first paint
 * (pressed before this script ran, the pre-paint script kept them: early-input.client.ts). The
 * first press loads the search island; the characters typed while it loads are kept and become the
 * modal's query. If the island cannot load, its red box offers Retry and the query waits for it.
 * Once the island is mounted it handles the keys itself.
 */
import { ISLAND_READY_EVENT, mountIsland } from "../islands/hydrate.client";
import { earlySearch } from "./early-input.client";
import { isApplePlatform, isSearchShortcut, isSlashShortcut, OPEN_SEARCH_EVENT, paginationFor } from "./keys";

/** What the reader typed while search loads; null when it is not loading. */
let typed: string | null = null;

function openSearch(initial = ""): void {
  const island = document.querySelector<HTMLElement>("[data-island=SearchModal]");
  if (!island || typed !== null) return;
  typed = initial;
  const ask = (query: string) => document.dispatchEvent(new CustomEvent(OPEN_SEARCH_EVENT, { detail: { query } }));
  void mountIsland(island).then(() => {
    const query = typed ?? "";
    typed = null;
    if (island.dataset.islandState === "ready") ask(query);
    else {
      // The red box's Retry loads it again and the query opens with it; meanwhile the button's
      // form (the search page) carries it.
      island.addEventListener(ISLAND_READY_EVENT, () => ask(query), { once: true });
      const form = island.querySelector("form");
      if (form && query) {
        const field = form.querySelector<HTMLInputElement>("input[name=q]") ?? document.createElement("input");
        Object.assign(field, { type: "hidden", name: "q", value: query });
        form.prepend(field);
      }
    }
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
    if (isSearchShortcut(e) || isSlashShortcut(e, e.target as HTMLElement | null)) {
      e.preventDefault();
      openSearch();
    }
  });
  const early = earlySearch();
  if (early !== null) openSearch(early);
}
