/**
 * "On this page": the h2 and h3 headings of the page. The column beside the content (from 1,201 px;
 * the boot script marks the heading in view), and a collapsed outline at the top of the content
 * where that column does not fit, which opens without JavaScript.
 */
import type { TocEntry } from "../../common/page";

function Entries({ toc }: { toc: TocEntry[] }) {
  return (
    <ul>
      {toc.map((e) => (
        <li key={e.id} className={`toc-depth-${e.depth}`}>
          <a href={`#${e.id}`}>{e.text}</a>
        </li>
      ))}
    </ul>
  );
}

export function Toc({ toc }: { toc: TocEntry[] }) {
  if (toc.length === 0) return null;
  return (
    <nav className="toc" aria-label="On this page">
      <p className="toc-title">On this page</p>
      <Entries toc={toc} />
    </nav>
  );
}

export function TocOutline({ toc }: { toc: TocEntry[] }) {
  if (toc.length === 0) return null;
  return (
    <details className="toc-outline">
      <summary>On this page</summary>
      <Entries toc={toc} />
    </details>
  );
}
