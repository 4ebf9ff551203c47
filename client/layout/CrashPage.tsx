/**
 * Shown when a page cannot be loaded or rendered. "Try again" is a link to the same address, its
 * query string included (a form's GET would replace the query with its own empty one).
 */
export function CrashPage({ path, search = "", detail }: { path: string; search?: string; detail?: string }) {
  // One leading slash: "//host/…" would be a link to another site.
  const again = `/${path.replace(/^\/+/, "")}${search}`;
  return (
    <main id="main" className="message-page" tabIndex={-1}>
      <h1>This page crashed.</h1>
      <p>Something went wrong while loading this page. It is usually temporary.</p>
      {detail ? <p className="crash-detail">{detail}</p> : null}
      <p>
        <a className="button" href={again}>
          Try again
        </a>
      </p>
    </main>
  );
}
