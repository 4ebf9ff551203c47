/**
 * The docs version menu, in the navbar and the phone drawer: each version's page on the subject of
 * the one shown (the same route, a page that moved, or that version's home page). A <details>, so it
 * opens without JavaScript; the boot script adds the spec's dropdown behaviour (hover or Enter, an
 * outside click closes it) and remembers the reader's choice (boot/versions.client.ts). Its links
 * carry `data-version`: they are already right for their version (worker/versions.ts leaves them).
 */
import type { VersionView } from "../../common/versions";

export function VersionMenu({ view, place }: { view: VersionView; place: "navbar" | "drawer" }) {
  const navbar = place === "navbar";
  return (
    <details className={navbar ? "navbar-dropdown navbar-versions" : "drawer-versions"} data-version-menu={place}>
      <summary className={navbar ? "navbar-link" : "drawer-link"}>
        <span className="visually-hidden">Docs version: </span>
        <span data-version-label="">{view.label}</span>
      </summary>
      <ul className={navbar ? "dropdown-menu" : "drawer-version-list"} aria-label="Docs versions">
        {view.links.map((l) => (
          <li key={l.name}>
            <a
              className={navbar ? "dropdown-link" : "drawer-link"}
              href={l.href}
              data-version={l.name}
              aria-current={l.name === view.name ? "true" : undefined}
            >
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A legacy page's banner: the network it documents, and the current version's page on its subject. */
export function VersionBanner({ view, api }: { view: VersionView; api: boolean }) {
  if (!view.banner) return null;
  const { documents, current } = view.banner;
  return (
    <div className="version-banner" role="note" data-version-banner="">
      <p>
        <strong>{`${view.label}.`}</strong>
        {` This page documents ${documents}. For the network as it runs now, read `}
        <a href={current.href} data-version={current.name}>
          {current.title}
        </a>
        {` in the ${current.label} docs.`}
      </p>
      {api ? (
        <p data-version-api="">
          The “Try it” explorer sends requests to the endpoints this version lists: they may no longer answer, or may
          answer differently.
        </p>
      ) : null}
    </div>
  );
}
