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
}: {
  label: string;
  href: string;
  className?: string;
  active?: boolean;
}) {
  const external = isExternal(href);
  return (
    <a
      className={`${className}${active ? " active" : ""}`}
      href={href}
      aria-current={active ? "true" : undefined}
      {...(external ? { rel: "noopener", target: "_blank" } : {})}
    >
      {label}
      {external ? <ExternalMark /> : null}
    </a>
  );
}
