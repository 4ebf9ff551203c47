/**
 * The "Page actions" menu of narrow screens (a <details>: client/layout/PageActions.tsx), which
 * opens and closes without JavaScript. Here: Escape closes it and gives focus back to its button; a
 * click outside it, or on a link in it, closes it; and it is closed when the window widens past the
 * breakpoint, where the actions are a row and its button is hidden.
 */
import { DESKTOP_QUERY } from "./dom.client";

const openMenus = () => [...document.querySelectorAll<HTMLDetailsElement>("details.page-menu[open]")];

export function setupPageMenu(): void {
  document.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    for (const menu of openMenus()) {
      const focus = document.activeElement;
      menu.open = false;
      if (!focus || focus === document.body || menu.contains(focus)) menu.querySelector("summary")?.focus();
    }
  });
  document.addEventListener("click", (e) => {
    const target = e.target as Element;
    for (const menu of openMenus()) if (!menu.contains(target) || target.closest?.("a[href]")) menu.open = false;
  });
  window.matchMedia(DESKTOP_QUERY).addEventListener("change", (e) => {
    if (e.matches) for (const menu of openMenus()) menu.open = false;
  });
}
