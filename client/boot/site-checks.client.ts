/**
 * Checks and extras that run once the page is interactive: the base-URL banner when the page is
 * served outside the configured base URL, and the AI assistant script when it is configured.
 */
import { rememberDocsVersion } from "./storage.client";

function baseUrlBanner(): void {
  const base = document.documentElement.dataset.baseUrl ?? "/";
  if (location.pathname.startsWith(base)) return;
  const banner = document.createElement("div");
  banner.className = "base-url-banner";
  banner.setAttribute("role", "alert");
  const strong = document.createElement("strong");
  strong.textContent = "Your site did not load properly.";
  const detail = document.createElement("span");
  detail.textContent = ` This page is served at ${location.pathname}, outside the configured base URL ${base}. Set baseUrl in content/site.yaml to the path the site is served from.`;
  banner.append(strong, detail);
  document.body.prepend(banner);
}

function loadAssistant(): void {
  const src = document.documentElement.dataset.assistantSrc;
  if (!src) return;
  const start = () => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    const token = document.documentElement.dataset.assistantToken;
    if (token) script.dataset.apiKey = token;
    script.onerror = () => console.warn("The docs assistant could not be loaded; everything else works as usual.");
    document.body.append(script);
  };
  const idle = window.requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 1000));
  if (document.readyState === "complete") idle(start);
  else window.addEventListener("load", () => idle(start), { once: true });
}

export function setupSiteChecks(): void {
  baseUrlBanner();
  rememberDocsVersion();
  loadAssistant();
}
