/** The site footer: link columns, the logo and the copyright line. */
import type { SiteConfig } from "../../common/site-config";
import { MovementMark } from "./MovementMark";

export function Footer({ config }: { config: SiteConfig }) {
  const { footer } = config;
  return (
    <footer className={`footer footer-${footer.style}`}>
      <div className="footer-columns">
        {footer.columns.map((col) => (
          <div className="footer-column" key={col.title}>
            <h2 className="footer-title">{col.title}</h2>
            <ul>
              {col.items.map((l) => {
                const external = /^https?:\/\//.test(l.href);
                return (
                  <li key={l.href}>
                    <a href={l.href} data-site-link="" {...(external ? { rel: "noopener", target: "_blank" } : {})}>
                      {l.label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
      <div className="footer-bottom">
        <MovementMark className="footer-logo" size={40} />
        <p className="footer-copyright">{footer.copyright}</p>
      </div>
    </footer>
  );
}
