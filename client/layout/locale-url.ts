/**
 * The URL of the current page in another locale: the default locale lives at the base URL, others
 * add their code as a path segment after it. Used for hreflang alternates (only "en" exists).
 *
 * @example localeUrl({ path: "/devs/faq", locale: "fr", defaultLocale: "en", baseUrl: "/" }) // "/fr/devs/faq"
 */
export function localeUrl(options: {
  path: string;
  locale: string;
  defaultLocale: string;
  currentLocale?: string;
  baseUrl: string;
  /** Origin for a fully qualified URL, e.g. https://docs.movementnetwork.xyz */
  origin?: string;
}): string {
  const base = options.baseUrl.endsWith("/") ? options.baseUrl : `${options.baseUrl}/`;
  const current = options.currentLocale ?? options.defaultLocale;
  const currentBase = current === options.defaultLocale ? base : `${base}${current}/`;
  const rest = options.path.startsWith(currentBase)
    ? options.path.slice(currentBase.length)
    : options.path.replace(/^\//, "");
  const targetBase = options.locale === options.defaultLocale ? base : `${base}${options.locale}/`;
  return `${options.origin ?? ""}${targetBase}${rest}`;
}
