/**
 * Navbar and sidebar behaviours: hide-on-scroll, dropdowns (hover or Enter, closed by an outside
 * click or Escape), the hideable sidebar, animated category collapse, and the TOC marking the
 * heading in view (toc.client.ts).
 */
import { onClick, reducedMotion, root } from "./dom.client";
import { collapseDuration, navbarHidden } from "./motion";
import { setupTocHighlight } from "./toc.client";

function setupHideOnScroll(): void {
  const navbar = document.querySelector<HTMLElement>(".navbar[data-hide-on-scroll]");
  if (!navbar) return;
  let lastY = window.scrollY;
  window.addEventListener(
    "scroll",
    () => {
      const hide = navbarHidden(lastY, window.scrollY, navbar.offsetHeight);
      if (hide !== null) root.classList.toggle("navbar-hidden", hide && !root.classList.contains("drawer-open"));
      lastY = window.scrollY;
    },
    { passive: true },
  );
}

function setupDropdowns(): void {
  const closeAll = (except?: Element | null) =>
    document
      .querySelectorAll<HTMLDetailsElement>(".navbar-dropdown[open]")
      .forEach((d) => d !== except && (d.open = false));
  /** The dropdown the mouse opened by hovering: a click on its label then keeps it open rather than closing it. */
  let hovered: HTMLDetailsElement | null = null;
  document.addEventListener("pointerover", (e) => {
    const d = (e.target as Element).closest?.(".navbar-dropdown") as HTMLDetailsElement | null;
    if (d && e instanceof PointerEvent && e.pointerType === "mouse") {
      closeAll(d);
      if (!d.open) hovered = d;
      d.open = true;
    }
  });
  document.addEventListener("click", (e) => {
    const summary = (e.target as Element).closest?.(".navbar-dropdown > summary");
    const d = summary?.parentElement ?? null;
    if (d && d === hovered && (d as HTMLDetailsElement).open) e.preventDefault();
    hovered = null;
  });
  document.addEventListener("pointerout", (e) => {
    const d = (e.target as Element).closest?.(".navbar-dropdown") as HTMLDetailsElement | null;
    const to = (e as PointerEvent).relatedTarget as Node | null;
    if (d && (e as PointerEvent).pointerType === "mouse" && !(to && d.contains(to))) d.open = false;
  });
  document.addEventListener("click", (e) => closeAll((e.target as Element).closest?.(".navbar-dropdown")));
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape") closeAll();
  });
}

function setupSidebar(): void {
  onClick("[data-sidebar-toggle]", () => {
    const hidden = root.classList.toggle("sidebar-hidden");
    document.querySelectorAll("[data-sidebar-toggle]").forEach((b) => {
      b.setAttribute("aria-expanded", String(!hidden));
      b.setAttribute("aria-label", hidden ? "Expand sidebar" : "Collapse sidebar");
      b.setAttribute("title", hidden ? "Expand sidebar" : "Collapse sidebar");
    });
  });
  // Animated collapse of sidebar categories; a click on the category's own link still navigates.
  document.addEventListener("click", (e) => {
    const summary = (e.target as Element).closest?.(".sidebar-category > details > summary");
    if (!summary || (e.target as Element).closest("a")) return;
    const details = summary.parentElement as HTMLDetailsElement;
    const list = details.querySelector<HTMLElement>(":scope > .sidebar-list");
    if (!list || !list.animate) return;
    e.preventDefault();
    const opening = !details.open;
    if (opening) details.open = true;
    const height = list.scrollHeight;
    const animation = list.animate(
      opening ? [{ height: "0px" }, { height: `${height}px` }] : [{ height: `${height}px` }, { height: "0px" }],
      { duration: collapseDuration(height, reducedMotion()), easing: "ease-in-out" },
    );
    details.dataset.animating = "";
    animation.onfinish = () => {
      delete details.dataset.animating;
      if (!opening) details.open = false;
    };
  });
}

export function setupChrome(): void {
  setupHideOnScroll();
  setupDropdowns();
  setupSidebar();
  setupTocHighlight();
}
