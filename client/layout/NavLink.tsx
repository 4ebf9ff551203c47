/** A navbar, drawer or dropdown link; external links open in a new tab and say so with an arrow. */
const isExternal = (href: string) => /^https?:\/\//.test(href);

function ExternalMark() {
  return (
    <span className="external" aria-hidden="true">
      ↗
    </span>
  );
}

export function NavLink({
  label,
  href,
  className = "navbar-link",
  active = false,
  versionHrefs,
  hidden = false,
  siteLink = false,
}: {
  label: string;
  href: string;
  className?: string;
  active?: boolean;
  /** On a page of no docs version: where the link leads in each version (boot/versions.client.ts picks one). */
  versionHrefs?: Record<string, string>;
  /** Drawn but hidden: a section this docs version lacks (its place stays, so another version's page can fill it). */
  hidden?: boolean;
  /** A link site.yaml writes (navbar links, dropdowns): to the same page from every docs version (worker/versions.ts leaves it). */
  siteLink?: boolean;
}) {
  const external = isExternal(href);
  return (
    <a
      className={`${className}${active ? " active" : ""}`}
      href={href}
      data-version-hrefs={versionHrefs ? JSON.stringify(versionHrefs) : undefined}
      hidden={hidden || undefined}
      data-site-link={siteLink ? "" : undefined}
      aria-current={active ? "true" : undefined}
      {...(external ? { rel: "noopener", target: "_blank" } : {})}
    >
      {label}
      {external ? <ExternalMark /> : null}
    </a>
  );
}
