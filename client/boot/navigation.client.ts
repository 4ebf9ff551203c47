/**
 * Client-side navigation: internal links load the next page's server HTML and swap the page region
 * without a full reload. A thin progress bar appears only after 200 ms; the page scrolls to the
 * hash target (opening the folds it sits in, as the browser does for a loaded page) or the top;
 * back/forward restore scroll; links are prefetched on hover and when
 * visible (not on slow-2g or with data saving). If loading fails the URL is loaded in full; when
 * offline, a red box shows the error with a 'Retry' button. A page of another deploy loads in full.
 * Jumps within the page (TOC, #anchors, the skip link) are the browser's: Back and Forward between
 * them only scroll, never refetch. Every history entry keeps its scroll position. A page of another
 * docs version is swapped in the same way, with the parts of the chrome that differ between versions.
 */
import { markClientNavigation, startIslands } from "../islands/hydrate.client";
import { closeDrawer } from "./drawer.client";
import { prefetchAllowed, shouldIntercept } from "./navigation";
import { restoreTabs } from "./tabs.client";

const PROGRESS_DELAY_MS = 200;
const PREFETCH_LIMIT = 30;
const prefetched = new Map<string, Promise<string>>();
let current = 0;
/** The page on screen (path and query): a history entry with only another hash is the same page. */
let shown = location.pathname + location.search;

type Connection = { saveData?: boolean; effectiveType?: string };

function load(url: URL): Promise<string> {
  const key = url.pathname + url.search;
  let html = prefetched.get(key);
  if (!html) {
    html = fetch(key, { headers: { Accept: "text/html" }, credentials: "same-origin" }).then(async (res) => {
      const type = res.headers.get("Content-Type") ?? "";
      if (!type.includes("text/html") || (res.status >= 500 && res.status !== 503))
        throw new Error(`The server answered ${res.status}.`);
      return res.text();
    });
    html.catch(() => prefetched.delete(key));
    prefetched.set(key, html);
    if (prefetched.size > PREFETCH_LIMIT) prefetched.delete(prefetched.keys().next().value!);
  }
  return html;
}

function prefetch(href: string): void {
  if (!prefetchAllowed((navigator as Navigator & { connection?: Connection }).connection)) return;
  const url = shouldIntercept(
    { href, target: "", download: false, button: 0, modifier: false },
    new URL(location.href),
  );
  if (url) void load(url).catch(() => {});
}

function showProgress(): () => void {
  const bar = document.createElement("div");
  bar.className = "nav-progress";
  bar.setAttribute("role", "progressbar");
  bar.setAttribute("aria-label", "Loading page");
  const timer = setTimeout(() => document.body.append(bar), PROGRESS_DELAY_MS);
  return () => {
    clearTimeout(timer);
    bar.remove();
  };
}

function showError(url: URL, error: unknown): void {
  document.querySelector(".nav-error")?.remove();
  const box = document.createElement("div");
  box.className = "nav-error";
  box.setAttribute("role", "alert");
  const text = document.createElement("p");
  text.textContent = `Could not load ${url.pathname}: ${error instanceof Error ? error.message : String(error)}`;
  const retry = document.createElement("button");
  retry.type = "button";
  retry.className = "button";
  retry.textContent = "Retry";
  retry.addEventListener("click", () => location.assign(url.href));
  box.append(text, retry);
  document.querySelector("#page")?.prepend(box);
}

/** What <html> says of the page's docs version (boot/versions.client.ts, the search modal and the API explorer read it). */
const VERSION_DATA = ["docsVersion", "docsVersionLabel", "docsVersionStatus", "versionPrefix", "versionNeutral"];

/**
 * The chrome that differs between docs versions, taken from the next page: the version menus
 * (their links lead to the next page in each version), the links of the navbar, the drawer's main
 * menu and the footer, in the same places (a page of another version leads into that version).
 */
function swapVersionChrome(next: Document): void {
  for (const key of VERSION_DATA) {
    const value = next.documentElement.dataset[key];
    if (value === undefined) delete document.documentElement.dataset[key];
    else document.documentElement.dataset[key] = value;
  }
  document.querySelectorAll<HTMLElement>("[data-version-menu]").forEach((menu) => {
    const twin = next.querySelector(`[data-version-menu="${CSS.escape(menu.dataset.versionMenu ?? "")}"]`);
    if (twin) menu.replaceWith(twin);
  });
  for (const selector of [
    ".navbar a[href]:not([data-version])",
    ".drawer-primary a[href]:not([data-version])",
    "footer a[href]",
  ]) {
    const mine = document.querySelectorAll<HTMLAnchorElement>(selector);
    const theirs = next.querySelectorAll<HTMLAnchorElement>(selector);
    if (mine.length !== theirs.length) continue;
    mine.forEach((a, i) => {
      a.setAttribute("href", theirs[i]!.getAttribute("href") ?? "");
      a.hidden = theirs[i]!.hidden;
      if (a.parentElement?.tagName === "LI") a.parentElement.hidden = theirs[i]!.parentElement?.hidden ?? false;
      const hrefs = theirs[i]!.dataset.versionHrefs;
      if (hrefs === undefined) delete a.dataset.versionHrefs;
      else a.dataset.versionHrefs = hrefs;
    });
  }
}

function swap(html: string): boolean {
  const next = new DOMParser().parseFromString(html, "text/html");
  const boot = (d: Document) => d.querySelector<HTMLScriptElement>("script[type=module][src]")?.getAttribute("src");
  const page = next.querySelector("#page");
  if (!page || boot(next) !== boot(document)) return false;
  document.title = next.title;
  for (const sel of [
    'meta[name="description"]',
    'link[rel="canonical"]',
    'link[rel="alternate"][type="text/markdown"]',
    'meta[name="robots"]',
  ]) {
    const mine = document.head.querySelector(sel);
    const theirs = next.head.querySelector(sel);
    if (theirs && mine) mine.replaceWith(theirs);
    else if (theirs) document.head.append(theirs);
    else mine?.remove();
  }
  // The navbar stays (its search island keeps its state); its version menu and, for a page of
  // another docs version, its links change, and so does the active section.
  swapVersionChrome(next);
  document.querySelectorAll<HTMLAnchorElement>("a.navbar-link").forEach((a) => {
    const twin = next.querySelector<HTMLAnchorElement>(
      `.navbar-link[href="${CSS.escape(a.getAttribute("href") ?? "")}"]`,
    );
    a.className = twin?.className ?? a.className;
    if (twin?.hasAttribute("aria-current")) a.setAttribute("aria-current", twin.getAttribute("aria-current")!);
    else a.removeAttribute("aria-current");
  });
  const directive = next.querySelector("[data-agent-directive]");
  if (directive) document.querySelector("[data-agent-directive]")?.replaceWith(directive);
  document.querySelector("#page")!.replaceWith(page);
  markClientNavigation();
  restoreTabs(page);
  startIslands(page);
  return true;
}

function scrollAfter(url: URL, y: number | null): void {
  const target = url.hash && document.getElementById(decodeURIComponent(url.hash.slice(1)));
  // A closed <details> hides what it holds: a field of a schema, say. Loading the URL, the browser
  // opens it; a page swapped in by script has to, before a saved position (taken with it open) applies.
  for (let d = target && target.parentElement?.closest("details"); d; d = d.parentElement?.closest("details"))
    d.open = true;
  if (y !== null) window.scrollTo(0, y);
  else if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/** Remembers the scroll position in the current history entry, for Back and Forward. */
function saveScroll(): void {
  const state = (history.state ?? {}) as { y?: number };
  if (state.y !== window.scrollY) history.replaceState({ ...state, y: window.scrollY }, "");
}

/** Screen readers announce the new page by its main heading, which takes the focus. */
function focusHeading(): void {
  const heading = document.querySelector<HTMLElement>("#main h1") ?? document.querySelector<HTMLElement>("#main");
  if (!heading) return;
  if (!heading.hasAttribute("tabindex")) heading.tabIndex = -1;
  heading.focus({ preventScroll: true });
}

async function navigate(url: URL, mode: "push" | "pop", restoreY: number | null = null): Promise<void> {
  const id = ++current;
  const leavingY = window.scrollY;
  const done = showProgress();
  try {
    const html = await load(url);
    if (id !== current) return;
    if (mode === "push") {
      history.replaceState({ ...(history.state ?? {}), y: leavingY }, "");
      history.pushState({}, "", url.href);
    }
    if (!swap(html)) {
      location.assign(url.href);
      return;
    }
    shown = url.pathname + url.search;
    closeDrawer();
    scrollAfter(url, restoreY);
    focusHeading();
    document.dispatchEvent(new CustomEvent("docs:navigated", { detail: { url: url.href } }));
  } catch (error) {
    if (id !== current) return;
    // A full load may still succeed (an odd response, a redeploy); offline, it cannot, so say why.
    if (navigator.onLine) {
      if (mode === "pop") location.reload();
      else location.assign(url.href);
    } else showError(url, error);
  } finally {
    done();
  }
}

export function setupNavigation(): void {
  if (!("pushState" in history) || !window.DOMParser) return;
  history.scrollRestoration = "manual";
  // Back, Forward or reload to a page that was loaded in full: its saved position, as the browser would.
  const arrival = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.type;
  const savedY = (history.state as { y?: number } | null)?.y;
  if ((arrival === "back_forward" || arrival === "reload") && typeof savedY === "number") window.scrollTo(0, savedY);
  document.addEventListener("click", (e) => {
    const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    if (!a || e.defaultPrevented) return;
    const url = shouldIntercept(
      {
        href: a.getAttribute("href")!,
        target: a.target,
        download: a.hasAttribute("download"),
        button: e.button,
        modifier: e.metaKey || e.ctrlKey || e.shiftKey || e.altKey,
      },
      new URL(location.href),
    );
    if (!url) return;
    e.preventDefault();
    void navigate(url, "push");
  });
  // Positions are saved when scrolling settles and before a link is followed (including a jump
  // within the page, which the browser makes after this click listener ran).
  let settle = 0;
  window.addEventListener(
    "scroll",
    () => {
      clearTimeout(settle);
      settle = window.setTimeout(saveScroll, 150);
    },
    { passive: true },
  );
  document.addEventListener("click", (e) => (e.target as Element | null)?.closest?.("a[href]") && saveScroll(), true);
  // The skip link hands the keyboard to the content, not only the view.
  document.addEventListener("click", (e) => {
    if ((e.target as Element | null)?.closest?.(".skip-link"))
      document.getElementById("main")?.focus({ preventScroll: true });
  });
  window.addEventListener("popstate", (e) => {
    clearTimeout(settle);
    const url = new URL(location.href);
    const y = (e.state as { y?: number } | null)?.y;
    if (url.pathname + url.search === shown) {
      // Another place on the same page: scroll, keep the page (its open details, tabs, widgets).
      scrollAfter(url, y ?? null);
      return;
    }
    void navigate(url, "pop", y ?? (url.hash ? null : 0));
  });
  const hover = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
    if (a) prefetch(a.getAttribute("href")!);
  };
  document.addEventListener("pointerover", hover, { passive: true });
  document.addEventListener("focusin", hover);
  // Prefetch the next page when the pagination comes into view.
  if ("IntersectionObserver" in window) {
    const io = new IntersectionObserver((entries) => {
      for (const entry of entries)
        if (entry.isIntersecting) prefetch((entry.target as HTMLAnchorElement).getAttribute("href")!);
    });
    const observe = () => document.querySelectorAll("[data-pagination]").forEach((a) => io.observe(a));
    observe();
    document.addEventListener("docs:navigated", observe);
  }
}
