/**
 * The mobile drawer (below 996 px): navbar links plus a secondary panel with the current sidebar
 * and a 'Back to main menu' button. It is a <dialog> opened with showModal(), so the browser keeps
 * focus inside it and closes it on Escape; it also closes on a click on its backdrop, on
 * navigation and when the window widens past the breakpoint, and gives the focus back to the
 * button that opened it.
 */
import { DESKTOP_QUERY, onClick, root } from "./dom.client";

let returnFocus: HTMLElement | null = null;

function drawer(): HTMLDialogElement | null {
  return document.querySelector<HTMLDialogElement>("dialog#drawer");
}

function focusFirst(d: HTMLDialogElement): void {
  [...d.querySelectorAll<HTMLElement>("a[href], button, summary")].find((x) => x.offsetParent !== null)?.focus();
}

export function openDrawer(): void {
  const d = drawer();
  if (!d || d.open) return;
  const slot = d.querySelector("[data-drawer-sidebar]");
  const sidebar = document.querySelector("#docs-sidebar .sidebar-nav");
  slot?.replaceChildren(...(sidebar ? [sidebar.cloneNode(true)] : []));
  d.classList.toggle("show-secondary", !!sidebar);
  returnFocus = document.activeElement as HTMLElement | null;
  root.classList.add("drawer-open");
  document.querySelectorAll("[data-drawer-open]").forEach((b) => b.setAttribute("aria-expanded", "true"));
  d.showModal();
  focusFirst(d);
}

export function closeDrawer(): void {
  const d = drawer();
  if (!d?.open) return;
  d.close();
  // At once, not at the dialog's close event (a later task): a navigation focuses its heading after this.
  closed();
}

/** Once the dialog closed, however it was closed (Escape fires only its close event): the page's state and focus back. */
function closed(): void {
  if (!root.classList.contains("drawer-open")) return;
  root.classList.remove("drawer-open");
  document.querySelectorAll("[data-drawer-open]").forEach((b) => b.setAttribute("aria-expanded", "false"));
  returnFocus?.focus();
  returnFocus = null;
}

export function setupDrawer(): void {
  // The close event does not bubble: caught on its way down.
  document.addEventListener("close", (e) => (e.target as Element).id === "drawer" && closed(), true);
  onClick("[data-drawer-open]", () => openDrawer());
  onClick("[data-drawer-close]", () => closeDrawer());
  onClick("[data-drawer-back]", () => {
    const d = drawer()!;
    d.classList.remove("show-secondary");
    focusFirst(d);
  });
  onClick("#drawer a[href]", () => closeDrawer());
  // A click on the backdrop reaches the dialog itself, outside the box its panel fills.
  onClick("dialog#drawer", (d, e) => {
    if (e.target !== d) return;
    const r = d.getBoundingClientRect();
    if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) closeDrawer();
  });
  window.matchMedia(DESKTOP_QUERY).addEventListener("change", (e) => {
    if (e.matches) closeDrawer();
  });
}
