/** The 404 page: says what happened and offers a way on (home, search, the nearest section). */
export function NotFoundPage({
  path,
  searchPath,
  nearest,
}: {
  path: string;
  searchPath: string;
  nearest: { label: string; href: string } | null;
}) {
  const query = path.split("/").filter(Boolean).pop()?.replace(/[-_]+/g, " ").slice(0, 64) ?? "";
  return (
    <main id="main" className="message-page" tabIndex={-1}>
      <h1>Page Not Found</h1>
      <p>
        We could not find <code>{path}</code>. The page may have moved, or the address may be mistyped.
      </p>
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
