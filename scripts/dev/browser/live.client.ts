/**
 * `npm run dev` only (served at /__dev/live.js by scripts/dev/proxy.ts, never in the client build):
 * keeps the open tab in step with the author's saves, and shows a failed build or new warnings.
 */
// Types only: the served script has no imports (scripts/dev/assets.ts strips the types).
import type { BuildMessage, FailedMessage } from "../events";
import type { CodeFrame } from "../locate";
import type { Problem } from "../problems";

const SCROLL_KEY = "docs-dev-scroll";
/** Widgets the site's boot script must wire up: a page holding them is reloaded, not swapped. */
const NEEDS_BOOT = "[data-island], .tabs[data-group]";

/** The build the content on screen comes from ("" when the page was served with no build). */
let known = (document.currentScript as HTMLScriptElement | null)?.dataset.build ?? "";
/** The newest build this tab has heard of; a page loaded by the site's own navigation is from it. */
let latest = known;
let updates: Promise<void> = Promise.resolve();

const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, "") : p);
function isHere(routes: string[]): boolean {
  let here = location.pathname;
  try {
    here = decodeURIComponent(here);
  } catch {
    // An undecodable path matches no route.
  }
  return routes.some((r) => norm(r) === norm(here));
}

function reloadKeepingScroll(): void {
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ path: location.pathname, y: window.scrollY }));
  } catch {
    // Storage off: the reload starts at the top.
  }
  location.reload();
}

function restoreScroll(): void {
  let saved: { path?: string; y?: number } | null;
  try {
    saved = JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? "null") as { path?: string; y?: number } | null;
    sessionStorage.removeItem(SCROLL_KEY);
  } catch {
    return;
  }
  if (!saved || saved.path !== location.pathname || typeof saved.y !== "number") return;
  const y = saved.y;
  const go = () => window.scrollTo(0, y);
  go();
  window.addEventListener("load", go, { once: true });
}

/** Fetches this page again and swaps the region under the navbar (sidebar, article, TOC) in place. */
async function swapPage(): Promise<void> {
  const res = await fetch(location.pathname + location.search, {
    cache: "no-store",
    headers: { Accept: "text/html" },
  });
  const next = new DOMParser().parseFromString(await res.text(), "text/html");
  const incoming = next.querySelector("#page");
  const current = document.querySelector("#page");
  if (!res.ok || !incoming || !current || incoming.querySelector(NEEDS_BOOT)) return reloadKeepingScroll();
  const y = window.scrollY;
  const sidebarY = document.querySelector(".sidebar")?.scrollTop;
  document.title = next.title;
  current.replaceWith(document.adoptNode(incoming));
  const sidebar = document.querySelector(".sidebar");
  if (sidebar && sidebarY !== undefined) sidebar.scrollTop = sidebarY;
  window.scrollTo(0, y);
  // The site's behaviours that follow the page (TOC highlight, prefetch) listen for this.
  document.dispatchEvent(new CustomEvent("docs:navigated", { detail: { url: location.href } }));
}

/**
 * Routes changed since this document loaded. The site's own navigation keeps pages it prefetched
 * or showed; following a link to a changed page (or going back to one) loads it in full instead.
 */
const stale = new Set<string>();
let allStale = false;

function noteChanges(c: BuildMessage["changes"]): void {
  if (c.from === null || c.sidebars || c.shell) allStale = true;
  for (const r of [...c.changed, ...c.added, ...c.removed]) stale.add(norm(r));
}

function isStale(pathname: string): boolean {
  try {
    return allStale || stale.has(norm(decodeURIComponent(pathname)));
  } catch {
    return allStale;
  }
}

function onBuild(m: BuildMessage): void {
  overlay.showErrors([]);
  overlay.showWarnings(m.warnings);
  const c = m.changes;
  let action: "none" | "swap" | "reload" = "none";
  if (known === m.buildId) action = "none";
  else if (!known || c.from !== known || c.shell || isHere(c.added) || isHere(c.removed)) action = "reload";
  else if (c.sidebars || isHere(c.changed)) action = "swap";
  if (known !== m.buildId) noteChanges(c);
  known = latest = m.buildId;
  if (action === "reload") reloadKeepingScroll();
  else if (action === "swap") updates = updates.then(swapPage).catch(reloadKeepingScroll);
}

function onFailed(m: FailedMessage): void {
  overlay.showErrors(m.errors);
  overlay.showWarnings(m.warnings);
  for (const p of m.errors) console.error(`${where(p)} ${p.message}`);
}

function where(p: Problem): string {
  return p.file ? `${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ""}` : "";
}

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.append(...children);
  return node;
}

function frameOf(f: CodeFrame): HTMLElement {
  const width = String(f.start + f.lines.length - 1).length;
  const pre = el("pre", "frame");
  f.lines.forEach((text, i) => {
    const n = f.start + i;
    const mark = n === f.line;
    pre.append(
      el("span", mark ? "row at" : "row", el("span", "n", String(n).padStart(width)), el("span", "code", text)),
    );
    if (mark) pre.append(el("span", "row caret", el("span", "n", " ".repeat(width)), `${" ".repeat(f.column - 1)}^`));
  });
  return pre;
}

function problemOf(p: Problem): HTMLElement {
  const item = el("li", "problem");
  if (p.file) item.append(el("p", "where", where(p)));
  item.append(el("p", "message", p.message));
  if (p.frame) item.append(frameOf(p.frame));
  return item;
}

function button(label: string, onClick: () => void): HTMLButtonElement {
  const b = el("button", "close", label);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/** The overlay lives in a shadow root: the site's styles do not reach it, nor its styles the site. */
class Overlay {
  private readonly root: ShadowRoot;
  private errors: HTMLElement | null = null;
  private warnings: HTMLElement | null = null;

  constructor() {
    const host = document.createElement("div");
    host.id = "docs-dev-overlay";
    this.root = host.attachShadow({ mode: "open" });
    const style = el("link", "");
    style.rel = "stylesheet";
    style.href = "/__dev/overlay.css";
    this.root.append(style);
    document.body.append(host);
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.showErrors([]);
    });
  }

  showErrors(list: Problem[]): void {
    this.errors?.remove();
    this.errors = null;
    if (!list.length) return;
    const close = button("Close", () => this.showErrors([]));
    const heading = el("h2", "", list.length === 1 ? "The build failed" : `The build failed (${list.length} errors)`);
    heading.id = "docs-dev-errors-title";
    const panel = el(
      "section",
      "panel errors",
      el("header", "", heading, close),
      el("p", "note", "The site keeps serving the last good build. Fix the file and save: this goes away."),
      el("ol", "problems", ...list.map(problemOf)),
    );
    panel.setAttribute("role", "alertdialog");
    panel.setAttribute("aria-labelledby", heading.id);
    this.errors = el("div", "backdrop", panel);
    this.root.append(this.errors);
    close.focus({ preventScroll: true });
  }

  showWarnings(list: Problem[]): void {
    this.warnings?.remove();
    this.warnings = null;
    if (!list.length) return;
    const hide = button("Hide", () => this.showWarnings([]));
    const panel = el(
      "section",
      "panel warnings",
      el("header", "", el("h2", "", `${list.length} warning${list.length === 1 ? "" : "s"} from your changes`), hide),
      el("ol", "problems", ...list.map(problemOf)),
    );
    panel.setAttribute("role", "status");
    this.warnings = panel;
    this.root.append(panel);
  }
}

const overlay = new Overlay();

let source: EventSource | null = null;

function connect(): void {
  if (source || document.hidden) return;
  const stream = new EventSource(`/__dev/events?build=${encodeURIComponent(known)}`);
  source = stream;
  stream.addEventListener("build", (e) => onBuild(JSON.parse((e as MessageEvent<string>).data) as BuildMessage));
  stream.addEventListener("failed", (e) => onFailed(JSON.parse((e as MessageEvent<string>).data) as FailedMessage));
  // Reconnect by hand, telling the server which build this tab now shows.
  stream.addEventListener("error", () => {
    disconnect();
    setTimeout(connect, 1000);
  });
}

function disconnect(): void {
  source?.close();
  source = null;
}

// A hidden tab lets its stream go (a browser allows six connections per server) and catches up
// when shown again: the server tells it what changed since the build it shows.
document.addEventListener("visibilitychange", () => (document.hidden ? disconnect() : connect()));
// Capture phase: before the site's navigation, which then sees the click as handled.
window.addEventListener(
  "click",
  (e) => {
    const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (a.target || a.hasAttribute("download")) return;
    const url = new URL(a.href, location.href);
    if (url.origin !== location.origin || url.pathname === location.pathname || !isStale(url.pathname)) return;
    e.preventDefault();
    location.assign(url.href);
  },
  true,
);
window.addEventListener(
  "popstate",
  (e) => {
    if (!isStale(location.pathname)) return;
    e.stopImmediatePropagation();
    location.reload();
  },
  true,
);

document.addEventListener("docs:navigated", () => {
  known = latest;
});
restoreScroll();
connect();
