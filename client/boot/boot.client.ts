/**
 * The boot script: small always-on behaviours wired to the server-rendered markup. No React.
 * Everything here degrades to the plain HTML when JavaScript is off.
 */
import { isApplePlatform, isSearchShortcut, paginationFor } from "./keys";
import { readStorage, writeStorage } from "./storage.client";
import "../styles/site.css";

const doc = document.documentElement;

function onClick(selector: string, handler: (el: HTMLElement, e: MouseEvent) => void): void {
  document.addEventListener("click", (e) => {
    const el = (e.target as Element | null)?.closest?.(selector);
    if (el) handler(el as HTMLElement, e);
  });
}

// Copy buttons on code blocks.
onClick("[data-copy]", (button) => {
  const code = button.closest(".code-block")?.querySelector("pre")?.textContent ?? "";
  navigator.clipboard?.writeText(code).then(
    () => {
      button.textContent = "Copied";
      button.classList.add("copied");
      setTimeout(() => {
        button.textContent = "Copy";
        button.classList.remove("copied");
      }, 1500);
    },
    () => {
      button.textContent = "Press Ctrl+C";
    },
  );
});

// Tabs: select, sync groups sharing a groupId, remember the choice.
function selectTab(tabs: Element, value: string): void {
  tabs.querySelectorAll<HTMLElement>(":scope > .tab-list > .tab").forEach((t) => {
    t.setAttribute("aria-selected", String(t.dataset.value === value));
  });
  tabs.querySelectorAll<HTMLElement>(":scope > .tab-panel").forEach((p) => {
    p.toggleAttribute("data-selected", p.dataset.value === value);
  });
}
function hasValue(tabs: Element, value: string): boolean {
  return !!tabs.querySelector(`:scope > .tab-list > .tab[data-value="${CSS.escape(value)}"]`);
}
onClick(".tab", (tab) => {
  const tabs = tab.closest(".tabs");
  const value = tab.dataset.value;
  if (!tabs || !value) return;
  const group = (tabs as HTMLElement).dataset.group;
  if (group) {
    writeStorage(`docs-tab-${group}`, value);
    document.querySelectorAll(`.tabs[data-group="${CSS.escape(group)}"]`).forEach((t) => hasValue(t, value) && selectTab(t, value));
  } else selectTab(tabs, value);
});
document.querySelectorAll<HTMLElement>(".tabs[data-group]").forEach((tabs) => {
  const saved = readStorage(`docs-tab-${tabs.dataset.group}`);
  if (saved && hasValue(tabs, saved)) selectTab(tabs, saved);
});

// Announcement bar: dismissal remembered per id.
onClick("[data-dismiss-announcement]", (button) => {
  const bar = button.closest<HTMLElement>(".announcement");
  if (bar?.dataset.id) writeStorage("docs-announcement-dismissed", bar.dataset.id);
  doc.classList.add("announcement-dismissed");
});

// Sidebar hide/show and the mobile drawer.
onClick("[data-sidebar-toggle]", () => {
  const hidden = doc.classList.toggle("sidebar-hidden");
  document.querySelectorAll("[data-sidebar-toggle]").forEach((b) => b.setAttribute("aria-expanded", String(!hidden)));
});
onClick("[data-drawer-open]", (button) => {
  const open = doc.classList.toggle("drawer-open");
  button.setAttribute("aria-expanded", String(open));
});

// Keyboard: arrows follow pagination, Ctrl/⌘K opens search.
const apple = isApplePlatform(navigator.platform || navigator.userAgent);
document.querySelectorAll("[data-shortcut-hint]").forEach((k) => (k.textContent = apple ? "⌘K" : "Ctrl K"));
document.addEventListener("keydown", (e) => {
  const target = e.target as HTMLElement | null;
  const dir = paginationFor(e, target);
  if (dir) {
    const link = document.querySelector<HTMLAnchorElement>(`[data-pagination="${dir}"]`);
    if (link) link.click();
    return;
  }
  if (isSearchShortcut(e, apple)) {
    e.preventDefault();
    document.querySelector<HTMLElement>("[data-search-button]")?.click();
  }
  if (e.key === "Escape" && doc.classList.contains("drawer-open")) doc.classList.remove("drawer-open");
});
