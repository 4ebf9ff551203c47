/** Shown when a page cannot be loaded or rendered. "Try again" reloads the same address. */
export function CrashPage({ path, detail }: { path: string; detail?: string }) {
  return (
    <main id="main" className="message-page" tabIndex={-1}>
      <h1>This page crashed.</h1>
      <p>Something went wrong while loading this page. It is usually temporary.</p>
      {detail ? <p className="crash-detail">{detail}</p> : null}
      <form method="get" action={path}>
        <button type="submit" className="button">
          Try again
        </button>
      </form>
    </main>
  );
}
