/** "On this page": the h2 and h3 headings of the page. The boot script marks the one in view. */
import type { TocEntry } from "../contracts/page";

export function Toc({ toc }: { toc: TocEntry[] }) {
  if (toc.length === 0) return null;
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <ul>
        {toc.map((e) => (
          <li key={e.id} className={`toc-depth-${e.depth}`}>
            <a href={`#${e.id}`}>{e.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
