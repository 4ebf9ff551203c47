/**
 * Checks and extras that run once the page is interactive: the base-URL banner when the page is
 * served outside the configured base URL, and the AI assistant script when it is configured.
 */
/** The server renders the banner (client/layout/BaseUrlBanner.tsx) and the stylesheet hides it; shown when the address lies outside the base URL. */
function baseUrlBanner(): void {
  const base = document.documentElement.dataset.baseUrl ?? "/";
  if (location.pathname.startsWith(base)) return;
  document.querySelector(".base-url-banner")?.classList.add("shown");
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
  loadAssistant();
}
