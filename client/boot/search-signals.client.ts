/**
 * On the server-rendered /search page, a click on a result tells the worker the query's result
 * was opened (the query itself was counted when the page was served: worker/routes/search-page.ts).
 */
import { DEFAULT_VERSION, SEARCH_SIGNAL_PATH } from "../../common/signals";
import { onClick } from "./dom.client";
import { recordingAllowed, sendSignal } from "./signals.client";

export function setupSearchPageSignals(): void {
  onClick(".search-results a", (link) => {
    const query = link.closest<HTMLElement>("[data-signal-query]")?.dataset.signalQuery;
    if (!query || !recordingAllowed()) return;
    const version = document.documentElement.dataset.docsVersion ?? DEFAULT_VERSION;
    sendSignal(SEARCH_SIGNAL_PATH, { event: "open", source: "page", query, version }).catch(() => {});
  });
}
