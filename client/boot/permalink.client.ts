/**
 * Permalinks (common/permalink.ts): following one still jumps to its anchor, as it does
 * without JavaScript, and also puts the anchor's full URL on the clipboard, said in a status
 * message that screen readers announce and that shows for a moment at the bottom of the window.
 */
import { PERMALINK_CLASS } from "../../common/permalink";
import { onClick } from "./dom.client";

const SHOWN_MS = 2000;

export function setupPermalinks(): void {
  // In the page from the start: a live region added at the moment it speaks may not be announced.
  const status = document.createElement("div");
  status.className = "permalink-status";
  status.setAttribute("role", "status");
  document.body.append(status);
  let timer = 0;
  const say = (text: string) => {
    clearTimeout(timer);
    // Emptied first, so a second copy of the same link is announced again.
    status.textContent = "";
    requestAnimationFrame(() => (status.textContent = text));
    timer = window.setTimeout(() => (status.textContent = ""), SHOWN_MS);
  };
  onClick(`a.${PERMALINK_CLASS}`, (link, e) => {
    // A click meant to open the link elsewhere is left to the browser alone.
    if (e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    const url = (link as HTMLAnchorElement).href;
    if (!navigator.clipboard) return say("Could not copy the link");
    navigator.clipboard.writeText(url).then(
      () => say("Link copied"),
      () => say("Could not copy the link"),
    );
  });
}
