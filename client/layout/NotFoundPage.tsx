/**
 * The 404 page: says what happened and offers a way on (home, search, the nearest section); when
 * another docs version has the page, says so and links it there.
 */
import type { VersionLink } from "../../common/versions";

export function NotFoundPage({
  path,
  searchPath,
  nearest,
  version = null,
  elsewhere = [],
}: {
  path: string;
  searchPath: string;
  nearest: { label: string; href: string } | null;
  /** The label of the docs version asked in, on a site with several. */
  version?: string | null;
  /** The other docs versions that have a page at this path. */
  elsewhere?: VersionLink[];
}) {
  const query = path.split("/").filter(Boolean).pop()?.replace(/[-_]+/g, " ").slice(0, 64) ?? "";
  return (
    <main id="main" className="message-page" tabIndex={-1}>
      <h1>Page Not Found</h1>
      {elsewhere.length && version ? (
        <p data-version-missing="">
          {`The ${version} docs have no page `}
          <code>{path}</code>.
          {elsewhere.map((l) => (
            <span key={l.name}>
              {` The ${l.label} docs do: `}
              <a href={l.href} data-version={l.name}>
                read it there
              </a>
              .
            </span>
          ))}
        </p>
      ) : (
        <p>
          We could not find <code>{path}</code>. The page may have moved, or the address may be mistyped.
        </p>
      )}
      <ul className="message-actions">
        {nearest ? (
          <li>
            <a href={nearest.href}>Go to {nearest.label}</a>
          </li>
        ) : null}
        <li>
          <a href={`${searchPath}?q=${encodeURIComponent(query)}`}>Search the docs{query ? ` for “${query}”` : ""}</a>
        </li>
        <li>
          <a href="/">Go to the home page</a>
        </li>
      </ul>
    </main>
  );
}
