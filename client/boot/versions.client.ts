/**
 * Docs versions in the browser. The reader's choice of a version (a click on a link made for one:
 * the version menu, a legacy page's banner, a 404's "read it there") is stored under Docusaurus' key
 * and used where a page belongs to no version (the search page asked for none): there the navbar's
 * links, the version menu, the search form and the search modal follow the preferred version, and a
 * choice made in another tab applies at once. Pages of a version keep their version.
 */
import { withBase } from "../../common/base-url";
import { root } from "./dom.client";
import { storage } from "./storage.client";

export const PREFERRED_VERSION_KEY = "docs-preferred-version-default";

/** Shows a page of no version in the preferred one (or the current one when none is stored). */
function applyPreferred(): void {
  if (!root.hasAttribute("data-version-neutral")) return;
  const menu = document.querySelector<HTMLElement>("[data-version-menu]");
  const links = [...(menu?.querySelectorAll<HTMLAnchorElement>("a[data-version]") ?? [])];
  const preferred = storage().get(PREFERRED_VERSION_KEY);
  const chosen =
    links.find((a) => a.dataset.version === preferred) ?? links.find((a) => a.dataset.version === "current");
  if (!chosen) return;
  const name = chosen.dataset.version!;
  const label = chosen.textContent ?? name;
  const homes = document.querySelector<HTMLAnchorElement>(".navbar-brand[data-version-hrefs]")?.dataset.versionHrefs;
  root.dataset.docsVersion = name;
  root.dataset.docsVersionLabel = label;
  root.dataset.versionPrefix = (JSON.parse(homes ?? "{}") as Record<string, string>)[name] ?? "/";
  document.querySelectorAll("[data-version-menu] [data-version-label]").forEach((el) => (el.textContent = label));
  document.querySelectorAll<HTMLAnchorElement>("[data-version-menu] a[data-version]").forEach((a) => {
    if (a.dataset.version === name) a.setAttribute("aria-current", "true");
    else a.removeAttribute("aria-current");
  });
  document.querySelectorAll<HTMLAnchorElement>("a[data-version-hrefs]").forEach((a) => {
    const hrefs = JSON.parse(a.dataset.versionHrefs ?? "{}") as Record<string, string>;
    const href = hrefs[name] ?? hrefs.current;
    // The server wrote these without the base URL (worker/base-url.ts adds it to attributes only).
    if (href) a.setAttribute("href", withBase(root.dataset.baseUrl ?? "/", href));
  });
  document.querySelectorAll<HTMLInputElement>("input[data-version-input]").forEach((input) => (input.value = name));
}

export function setupVersions(): void {
  document.addEventListener(
    "click",
    (e) => {
      const a = (e.target as Element | null)?.closest?.<HTMLAnchorElement>("a[data-version]");
      if (a?.dataset.version) storage().set(PREFERRED_VERSION_KEY, a.dataset.version);
    },
    true,
  );
  applyPreferred();
  storage().listen(PREFERRED_VERSION_KEY, applyPreferred);
  document.addEventListener("docs:navigated", applyPreferred);
}
