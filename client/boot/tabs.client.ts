/** Tabs: select, sync every group sharing a groupId across the site, remember the choice. */
import { onClick } from "./dom.client";
import { readStorage, writeStorage } from "./storage.client";

function selectTab(tabs: Element, value: string): void {
  tabs.querySelectorAll<HTMLElement>(":scope > .tab-list > .tab").forEach((t) => {
    t.setAttribute("aria-selected", String(t.dataset.value === value));
    t.tabIndex = t.dataset.value === value ? 0 : -1;
  });
  tabs.querySelectorAll<HTMLElement>(":scope > .tab-panel").forEach((p) => {
    p.toggleAttribute("data-selected", p.dataset.value === value);
  });
}

function hasValue(tabs: Element, value: string): boolean {
  return [...tabs.querySelectorAll<HTMLElement>(":scope > .tab-list > .tab")].some((t) => t.dataset.value === value);
}

function choose(tab: HTMLElement): void {
  const tabs = tab.closest(".tabs") as HTMLElement | null;
  const value = tab.dataset.value;
  if (!tabs || !value) return;
  const group = tabs.dataset.group;
  if (!group) return selectTab(tabs, value);
  writeStorage(`docs-tab-${group}`, value);
  document.querySelectorAll(".tabs[data-group]").forEach((t) => {
    if ((t as HTMLElement).dataset.group === group && hasValue(t, value)) selectTab(t, value);
  });
}

/** Applies remembered choices to the tab groups under `scope` (the page, or swapped-in content). */
export function restoreTabs(scope: ParentNode = document): void {
  scope.querySelectorAll<HTMLElement>(".tabs[data-group]").forEach((tabs) => {
    const saved = readStorage(`docs-tab-${tabs.dataset.group}`);
    if (saved && hasValue(tabs, saved)) selectTab(tabs, saved);
  });
}

export function setupTabs(): void {
  onClick(".tab", (tab) => choose(tab));
  document.addEventListener("keydown", (e) => {
    const tab = (e.target as HTMLElement | null)?.closest?.(".tab") as HTMLElement | null;
    if (!tab || (e.key !== "ArrowLeft" && e.key !== "ArrowRight")) return;
    const all = [...(tab.parentElement?.querySelectorAll<HTMLElement>(".tab") ?? [])];
    const next = all[(all.indexOf(tab) + (e.key === "ArrowRight" ? 1 : all.length - 1)) % all.length];
    if (next) {
      e.preventDefault();
      e.stopPropagation();
      next.focus();
      choose(next);
    }
  });
  restoreTabs();
}
