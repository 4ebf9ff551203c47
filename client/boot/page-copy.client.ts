/** "Copy page": fetches the page's Markdown twin on click and puts it on the clipboard. */
import { withBase } from "../contracts/base-url";
import { onClick } from "./dom.client";

function done(button: HTMLElement, text: string): void {
  button.textContent = text;
  setTimeout(() => (button.textContent = "Copy page"), 1500);
}

export function setupPageCopy(): void {
  onClick("[data-copy-page]", (button) => {
    // The path is the route's twin; under a base URL (site.yaml baseUrl) it lives below the base.
    const path = withBase(document.documentElement.dataset.baseUrl ?? "/", button.dataset.copyPage!);
    const markdown = fetch(path).then((r) => {
      if (!r.ok) throw new Error(String(r.status));
      return r.text();
    });
    // A ClipboardItem given the pending text keeps the click's user activation (Safari needs it).
    const written =
      typeof ClipboardItem === "function"
        ? navigator.clipboard.write([
            new ClipboardItem({ "text/plain": markdown.then((t) => new Blob([t], { type: "text/plain" })) }),
          ])
        : markdown.then((t) => navigator.clipboard.writeText(t));
    written.then(
      () => done(button, "Copied"),
      () => done(button, "Copy failed"),
    );
  });
}
