/** Keyboard: ArrowLeft/ArrowRight follow pagination; Ctrl K (⌘K on Apple platforms) opens search. */
import { isApplePlatform, isSearchShortcut, paginationFor } from "./keys";

export function setupKeyboard(): void {
  const apple = isApplePlatform(navigator.platform || navigator.userAgent);
  document.querySelectorAll("[data-shortcut-hint]").forEach((k) => (k.textContent = apple ? "⌘K" : "Ctrl K"));
  document.addEventListener("keydown", (e) => {
    if (e.defaultPrevented) return;
    const dir = paginationFor(e, e.target as HTMLElement | null);
    if (dir) {
      document.querySelector<HTMLAnchorElement>(`[data-pagination="${dir}"]`)?.click();
      return;
    }
    if (isSearchShortcut(e, apple)) {
      e.preventDefault();
      document.querySelector<HTMLElement>("[data-search-button]")?.click();
    }
  });
}
