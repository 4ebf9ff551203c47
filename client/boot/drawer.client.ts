/**
 * The mobile drawer (below 996 px): navbar links plus a secondary panel with the current sidebar
 * and a 'Back to main menu' button. It traps focus, closes on Escape, on navigation and when the
 * window widens past the breakpoint.
 */
import { DESKTOP_QUERY, onClick, root } from "./dom.client";

let returnFocus: HTMLElement | null = null;

function drawer(): HTMLElement | null {
  return document.getElementById("drawer");
}

function focusables(el: HTMLElement): HTMLElement[] {
  return [...el.querySelectorAll<HTMLElement>("a[href], button, summary, [tabindex]:not([tabindex='-1'])")].filter(
    (x) => x.offsetParent !== null,
  );
}

export function openDrawer(): void {
  const d = drawer();
  if (!d) return;
  const slot = d.querySelector("[data-drawer-sidebar]");
  const sidebar = document.querySelector("#docs-sidebar .sidebar-nav");
  slot?.replaceChildren(...(sidebar ? [sidebar.cloneNode(true)] : []));
  d.classList.toggle("show-secondary", !!sidebar);
  returnFocus = document.activeElement as HTMLElement | null;
  root.classList.add("drawer-open");
  document.querySelectorAll("[data-drawer-open]").forEach((b) => b.setAttribute("aria-expanded", "true"));
  focusables(d)[0]?.focus();
}

export function closeDrawer(): void {
  if (!root.classList.contains("drawer-open")) return;
  root.classList.remove("drawer-open");
  document.querySelectorAll("[data-drawer-open]").forEach((b) => b.setAttribute("aria-expanded", "false"));
  returnFocus?.focus();
  returnFocus = null;
}

export function setupDrawer(): void {
  onClick("[data-drawer-open]", () => openDrawer());
  onClick("[data-drawer-close]", () => closeDrawer());
  onClick("[data-drawer-back]", () => {
    drawer()?.classList.remove("show-secondary");
    focusables(drawer()!)[0]?.focus();
  });
  onClick("#drawer a[href]", () => closeDrawer());
  document.addEventListener("keydown", (e) => {
    if (!root.classList.contains("drawer-open")) return;
    if (e.key === "Escape") {
      closeDrawer();
      return;
    }
    if (e.key !== "Tab") return;
    const items = focusables(drawer()!);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  });
  window.matchMedia(DESKTOP_QUERY).addEventListener("change", (e) => {
    if (e.matches) closeDrawer();
  });
}
