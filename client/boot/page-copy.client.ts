/**
 * "Copy page": fetches the page's Markdown twin on click and puts it on the clipboard. Other copy
 * buttons (`data-copy-text`, e.g. "Copy MCP server URL") copy the text they carry.
 */
import { withBase } from "../../common/base-url";
import { onClick } from "./dom.client";

function done(button: HTMLElement, text: string): void {
  // The button's own label, kept from its first click (a second click may come while it says "Copied").
  const label = (button.dataset.label ??= button.textContent ?? "");
  button.textContent = text;
  setTimeout(() => (button.textContent = label), 1500);
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
  onClick("[data-copy-text]", (button) => {
    navigator.clipboard.writeText(button.dataset.copyText!).then(
      () => done(button, "Copied"),
      () => done(button, "Copy failed"),
    );
  });
}
