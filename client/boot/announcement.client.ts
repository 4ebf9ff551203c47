/** The announcement bar: dismissal is remembered per announcement id (a new id shows it again). */
import { onClick, root } from "./dom.client";
import { writeStorage } from "./storage.client";

export function setupAnnouncement(): void {
  onClick("[data-dismiss-announcement]", (button) => {
    const bar = button.closest<HTMLElement>(".announcement");
    if (bar?.dataset.id) writeStorage("docs-announcement-dismissed", bar.dataset.id);
    root.classList.add("announcement-dismissed");
  });
}
