/**
 * Where a search result leads, as Docusaurus' search does it: a URL matching `externalUrlRegex`
 * stays as it is; any other becomes path + hash on this site (records hold production URLs, so
 * results lead to the same page on a preview or local server), with `replaceSearchResultPathname`
 * applied to the path.
 */
export interface SearchUrlOptions {
  /** A regular expression (as a string) for result URLs that leave the site. */
  externalUrlRegex?: string;
  /** A regular expression replacement on the path, applied to every match. */
  replaceSearchResultPathname?: { from: string; to: string };
}

function compile(source: string | undefined, flags = ""): RegExp | null {
  if (!source) return null;
  try {
    return new RegExp(source, flags);
  } catch {
    return null;
  }
}

/**
 * Builds the processor once (the regular expressions are compiled here).
 *
 * @example
 * const toHref = searchResultUrlProcessor({ replaceSearchResultPathname: { from: "^/docs/", to: "/" } });
 * toHref("https://docs.movementnetwork.xyz/docs/devs/faq#fees"); // "/devs/faq#fees"
 */
export function searchResultUrlProcessor(options: SearchUrlOptions): (url: string) => string {
  const external = compile(options.externalUrlRegex);
  const from = compile(options.replaceSearchResultPathname?.from, "g");
  const to = options.replaceSearchResultPathname?.to ?? "";
  return (url) => {
    if (external?.test(url)) return url;
    let parsed: URL;
    try {
      parsed = new URL(url, "https://relative.invalid");
    } catch {
      return url;
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return url;
    const pathname = from ? parsed.pathname.replace(from, to) : parsed.pathname;
    return `${pathname}${parsed.hash}`;
  };
}

/** One-off form of {@link searchResultUrlProcessor}. */
export function processSearchResultUrl(url: string, options: SearchUrlOptions): string {
  return searchResultUrlProcessor(options)(url);
}
