/**
 * The search island: the navbar button (same markup as its server fallback) and the DocSearch
 * modal. Its code, React and the DocSearch styles load on first intent (hover or focus of the
 * button, a click, or Ctrl K / ⌘K); the click or key that loaded it also opens the modal.
 */
import {
  DocSearchModal,
  type DocSearchHit,
  type DocSearchTransformClient,
  type ModalTranslations,
} from "@docsearch/react";
import "@docsearch/css/dist/_variables.css";
import "@docsearch/css/dist/modal.css";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { isApplePlatform, isSearchShortcut, isTypingTarget, OPEN_SEARCH_EVENT } from "../../boot/keys";
import { contextualFacetFilters, HITS_PER_PAGE, missingResultsHref } from "../../../common/search";
import { CURRENT_VERSION, versionPath } from "../../../common/versions";
import { searchResultUrlProcessor } from "../../../common/search-url";
import { regroupByPage, searchPageHref, withProcessedUrls } from "./hits";
import type { SearchModalProps } from "./props";
import { withBase } from "../../../common/base-url";
import { watchModalMarkup } from "./modal-a11y";
import { credentialsOf, createSearchClient } from "./search-client";
import { SearchButton } from "./SearchButton";
import { answerStatus } from "./answer-status";
import { useModalSignals, type Answer } from "./signals.client";
import "./search-modal.css";

const MAX_RESULTS_PER_GROUP = 5;

const translations: ModalTranslations = {
  searchBox: {
    resetButtonTitle: "Clear the query",
    resetButtonAriaLabel: "Clear the query",
    cancelButtonText: "Cancel",
    cancelButtonAriaLabel: "Cancel",
    searchInputLabel: "Search",
  },
  startScreen: {
    recentSearchesTitle: "Recent",
    noRecentSearchesText: "No recent searches",
    saveRecentSearchButtonTitle: "Save this search",
    removeRecentSearchButtonTitle: "Remove this search from history",
    favoriteSearchesTitle: "Favorite",
    removeFavoriteSearchButtonTitle: "Remove this search from favorites",
  },
  errorScreen: {
    titleText: "Unable to fetch results",
    helpText: "You might want to check your network connection.",
  },
  noResultsScreen: {
    noResultsText: "No results for",
    suggestedQueryText: "Try searching for",
    reportMissingResultsText: "Believe this query should return results?",
    reportMissingResultsLinkText: "Let us know.",
  },
};

/**
 * DocSearch's error screen (same classes, so its styles apply), with the spec's texts and a way on:
 * the search page, rendered by the server, with the query.
 */
function ErrorScreen({ searchHref, onFollow }: { searchHref: string; onFollow: () => void }) {
  return (
    <div className="DocSearch-ErrorScreen search-error" role="alert">
      <div className="DocSearch-Screen-Icon">
        <svg
          width="40"
          height="40"
          viewBox="0 0 20 20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinecap="round"
          aria-hidden="true"
        >
          <path d="M2 18 18 2M10 16.5a1 1 0 1 0 0 .01M6.5 12.8a5 5 0 0 1 5.2-1.3M3.4 9.6a9 9 0 0 1 4.6-2.4M12.5 7.4a9 9 0 0 1 4.1 2.2" />
        </svg>
      </div>
      <p className="DocSearch-Title">{translations.errorScreen!.titleText}</p>
      <p className="DocSearch-Help">{translations.errorScreen!.helpText}</p>
      <p className="DocSearch-Help">
        <a href={searchHref} onClick={onFollow}>
          Try the search page
        </a>
      </p>
    </div>
  );
}

/** Follows a URL as a link click would, so the boot script's client-side navigation applies. */
function followLink(href: string): void {
  const a = document.createElement("a");
  a.href = href;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
}

const linkNavigator = {
  navigate: ({ itemUrl }: { itemUrl: string }) => followLink(itemUrl),
  navigateNewTab: ({ itemUrl }: { itemUrl: string }) => window.open(itemUrl, "_blank", "noopener"),
  navigateNewWindow: ({ itemUrl }: { itemUrl: string }) => window.open(itemUrl, "_blank", "noopener"),
};

function SearchModal(server: SearchModalProps) {
  // The worker adds the base URL to the server-rendered markup; the island renders with it too.
  const base = document.documentElement.dataset.baseUrl ?? "/";
  // The docs version being read (read again at each render: client navigation may change it): the
  // modal searches it, and its search page is that version's.
  const version = document.documentElement.dataset.docsVersion ?? CURRENT_VERSION;
  const prefix = document.documentElement.dataset.versionPrefix ?? "/";
  const props = useMemo(
    () => ({ ...server, searchPath: withBase(base, versionPath(prefix, server.searchPath)) }),
    [server, base, prefix],
  );
  const [open, setOpen] = useState(false);
  const [initialQuery, setInitialQuery] = useState("");
  const buttonRef = useRef<HTMLButtonElement>(null);
  const apple = useMemo(() => isApplePlatform(navigator.platform || navigator.userAgent), []);
  const toHref = useMemo(() => searchResultUrlProcessor(props), [props]);
  const client = useMemo(
    () => createSearchClient(props, { protocol: location.protocol, host: location.host, base }),
    [props, base],
  );
  const { appId, apiKey } = credentialsOf(props);
  const signals = useModalSignals(props.provider);
  const hitNavigator = useMemo(() => signals.navigator(linkNavigator), [signals]);

  const close = useCallback(() => {
    signals.closed();
    setOpen(false);
    setInitialQuery("");
    buttonRef.current?.focus({ preventScroll: true });
  }, [signals]);

  // Ctrl K or ⌘K toggles, "/" opens, Escape closes. Capture on window runs before the boot script's
  // document listener, which leaves a prevented shortcut alone.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isSearchShortcut(e)) {
        e.preventDefault();
        if (open) close();
        else setOpen(true);
      } else if (e.key === "Escape" && open) {
        e.preventDefault();
        close();
      } else if (e.key === "/" && !open && !isTypingTarget(e.target as HTMLElement | null)) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, [open, close]);

  // The boot script's '/' and Ctrl K / ⌘K listener loads this island on the first press and then asks
  // it to open with what the reader typed meanwhile. A layout effect, so it listens before that ask.
  useLayoutEffect(() => {
    const onOpen = (e: Event) => {
      setInitialQuery((e as CustomEvent<{ query?: string }>).detail?.query ?? "");
      setOpen(true);
    };
    document.addEventListener(OPEN_SEARCH_EVENT, onOpen);
    return () => document.removeEventListener(OPEN_SEARCH_EVENT, onOpen);
  }, []);

  // The embedded index is loaded once per worker isolate; ask for it while the reader is still reaching for the box.
  useEffect(() => {
    if (props.provider !== "local") return;
    void client.search({ requests: [{ indexName: props.indexName, query: "", hitsPerPage: 0 }] }).catch(() => {});
  }, [client, props.provider, props.indexName]);

  // DocSearch 3.9 sets its error status and autocomplete resets it to idle in the same tick, so its
  // error screen never shows: a failed search is answered with no hits and our own error screen.
  const [failed, setFailed] = useState(false);
  /** The query whose search failed, for the error screen's link to the search page. */
  const [failedQuery, setFailedQuery] = useState("");
  const [dropdown, setDropdown] = useState<Element | null>(null);
  /** The modal's dialog box, where the live region naming the answer showing lives. */
  const [dialog, setDialog] = useState<Element | null>(null);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const modalRoot = useRef<HTMLDivElement>(null);
  useLayoutEffect(
    () => (open && modalRoot.current ? watchModalMarkup(modalRoot.current, "Search docs") : undefined),
    [open],
  );
  useLayoutEffect(() => {
    setDropdown(open ? document.querySelector(".search-modal .DocSearch-Dropdown") : null);
    setDialog(open ? document.querySelector(".search-modal .DocSearch-Modal") : null);
    if (!open) {
      setFailed(false);
      setAnswer(null);
    }
  }, [open]);

  const transformSearchClient = useCallback(
    (): DocSearchTransformClient => ({
      search: (async (request: Parameters<typeof client.search>[0], options?: Parameters<typeof client.search>[1]) => {
        try {
          const ticket = signals.asked();
          const response = await client.search(request, signals.requestOptions(options));
          const shown = signals.answered(ticket, request, response);
          if (shown) setAnswer(shown);
          setFailed(false);
          return {
            ...response,
            results: response.results.map((r) =>
              "hits" in r ? { ...r, hits: r.hits.map((h: object) => regroupByPage(h as Partial<DocSearchHit>)) } : r,
            ),
          };
        } catch (error) {
          console.error("search failed:", error);
          const requests = Array.isArray(request) ? request : request.requests;
          const first = requests[0] as { query?: string; params?: { query?: string } } | undefined;
          setFailedQuery(first?.query ?? first?.params?.query ?? "");
          setFailed(true);
          setAnswer(null);
          const count = requests.length;
          return {
            results: Array.from({ length: count }, () => ({
              hits: [],
              nbHits: 0,
              page: 0,
              nbPages: 0,
              hitsPerPage: 0,
              processingTimeMS: 0,
              query: "",
              params: "",
            })),
          };
        }
      }) as typeof client.search,
      addAlgoliaAgent: client.addAlgoliaAgent,
      transporter: client.transporter,
    }),
    [client, signals],
  );

  // DocSearch rebuilds its autocomplete (and empties the recent and favorite lists) whenever one of
  // these changes identity, e.g. on the re-render a hover causes: each is made once.
  // `distinct`: one hit per URL (page and anchor), the best for it, as DocSearch's Algolia indexes
  // are set up (push-algolia.ts sets the attribute); the site's own search reads it per request.
  const searchParameters = useMemo(
    () => ({
      hitsPerPage: HITS_PER_PAGE,
      distinct: true,
      ...(props.contextualSearch ? { facetFilters: contextualFacetFilters(version) } : {}),
    }),
    [props.contextualSearch, version],
  );
  const transformItems = useCallback((items: DocSearchHit[]) => withProcessedUrls(items, toHref), [toHref]);
  const resultsFooter = useCallback(
    ({ state }: { state: { query: string; context: Record<string, unknown> } }) => (
      <a href={searchPageHref(props.searchPath, state.query, toHref)} onClick={close}>
        {state.context.nbHits === 1 ? "See 1 result" : `See all ${state.context.nbHits as number} results`}
      </a>
    ),
    [props.searchPath, toHref, close],
  );
  const getMissingResultsUrl = useMemo(
    () =>
      props.missingResultsUrl
        ? ({ query }: { query: string }) => missingResultsHref(props.missingResultsUrl!, query)
        : undefined,
    [props.missingResultsUrl],
  );

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setOpen(true);
  };

  return (
    <>
      <SearchButton
        searchPath={props.searchPath}
        hint={apple ? "⌘K" : "Ctrl K"}
        onSubmit={onSubmit}
        buttonRef={buttonRef}
      />
      {open
        ? createPortal(
            <div
              ref={modalRoot}
              className={`search-modal${props.provider === "local" ? " search-modal-local" : ""}${failed ? " search-modal-failed" : ""}`}
              onInput={(e) => (e.target as HTMLInputElement).value === "" && setFailed(false)}
              onClickCapture={signals.onClickCapture}
            >
              <DocSearchModal
                appId={appId}
                apiKey={apiKey}
                indexName={props.indexName}
                placeholder="Search docs"
                initialQuery={initialQuery}
                initialScrollY={window.scrollY}
                onClose={close}
                maxResultsPerGroup={MAX_RESULTS_PER_GROUP}
                searchParameters={searchParameters}
                transformSearchClient={transformSearchClient}
                transformItems={transformItems}
                navigator={hitNavigator}
                resultsFooterComponent={resultsFooter}
                getMissingResultsUrl={getMissingResultsUrl}
                translations={translations}
                insights={false}
              />
              {failed && dropdown
                ? createPortal(
                    <ErrorScreen searchHref={searchPageHref(props.searchPath, failedQuery, toHref)} onFollow={close} />,
                    dropdown,
                  )
                : null}
              {dialog
                ? createPortal(
                    <p role="status" className="visually-hidden">
                      {answerStatus(answer)}
                    </p>,
                    dialog,
                  )
                : null}
            </div>,
            document.body,
          )
        : null}
    </>
  );
}

/** The island entry: props arrive as parsed JSON from the marker (written by client/layout/Navbar). */
export default function SearchModalIsland(props: Record<string, unknown>) {
  return <SearchModal {...(props as SearchModalProps)} />;
}
