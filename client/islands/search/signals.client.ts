/**
 * The modal's search signals (the session logic is signals.ts), wired to DocSearch 3.9 through
 * the few places it offers: every request passes `transformSearchClient` (answers seen, and the
 * header telling the worker not to count the modal's keystrokes as API queries), Enter opens
 * through `navigator`, a click on a hit or on "See all results" reaches the container first
 * (capture), and closing goes through the island's close. Leaving the page with the modal open
 * counts as closing it. Nothing is sent when the browser asks not to be recorded.
 */
import { useEffect, useMemo, type MouseEvent } from "react";
import { SEARCH_CLIENT_HEADER, SEARCH_SIGNAL_PATH, versionOfFacetFilters } from "../../../common/signals";
import { recordingAllowed, sendSignal } from "../../boot/signals.client";
import { firstSearch, ModalSession, type ModalSignal } from "./signals";

interface Navigator<P> {
  navigate(params: P): void;
  navigateNewTab(params: P): void;
  navigateNewWindow(params: P): void;
}

/** An answer the modal shows: the query as typed and its number of results. */
export interface Answer {
  query: string;
  hits: number;
}

type RequestOptions = { headers?: Record<string, string> } | undefined;

function report(signal: ModalSignal): void {
  if (recordingAllowed()) sendSignal(SEARCH_SIGNAL_PATH, signal).catch(() => {});
}

/** The hooks the search island gives DocSearch; `provider` is site.yaml's search provider. */
export function useModalSignals(provider: "local" | "algolia") {
  const session = useMemo(() => new ModalSession(report), []);
  useEffect(() => {
    const left = () => session.closed();
    window.addEventListener("pagehide", left);
    return () => window.removeEventListener("pagehide", left);
  }, [session]);
  return useMemo(
    () => ({
      /**
       * The modal's request options: on this site's endpoint, marked as the modal's. Algolia's hosts
       * get them unchanged (a header of our own would cost a CORS preflight there).
       */
      requestOptions: <O extends RequestOptions>(options: O): O =>
        provider === "local"
          ? ({ ...options, headers: { ...options?.headers, [SEARCH_CLIENT_HEADER]: "modal" } } as O)
          : options,
      /** A search goes out: the ticket its answer brings back to `answered`. */
      asked: () => session.ask(),
      /**
       * DocSearch is about to show `response`, the answer to `request` (sent with `ticket`): its
       * query and hit count, or null when it holds no search or a later answer is already showing.
       */
      answered(ticket: number, request: unknown, response: { results?: unknown[] }): Answer | null {
        const search = firstSearch(request, response);
        if (!search) return null;
        const { query, hits, facetFilters } = search;
        return session.answered(ticket, query, hits, versionOfFacetFilters(facetFilters)) ? { query, hits } : null;
      },
      /** `navigator` with a result opened by the keyboard noted first. */
      navigator<P>(to: Navigator<P>): Navigator<P> {
        return {
          navigate: (p) => (session.opened(), to.navigate(p)),
          navigateNewTab: (p) => (session.opened(), to.navigateNewTab(p)),
          navigateNewWindow: (p) => (session.opened(), to.navigateNewWindow(p)),
        };
      },
      /** On the modal's container, in the capture phase: a click on a hit or on "See all results". */
      onClickCapture(e: MouseEvent): void {
        const target = e.target as Element;
        if (target.closest(".DocSearch-HitsFooter a")) session.handedOff();
        else if (target.closest(".DocSearch-Hit a")) session.opened();
      },
      closed: () => session.closed(),
    }),
    [session, provider],
  );
}
