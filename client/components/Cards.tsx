/** Link cards: <Cards> is the grid, <Card> one tile, <DocCardList> a grid filled by the build. */
import type { ReactNode } from "react";
import { MovementMark } from "../layout/MovementMark";

export function Cards({ children }: { children?: ReactNode }) {
  return <div className="card-grid">{children}</div>;
}

export function Card({
  title,
  href,
  description,
  children,
}: {
  title: string;
  href: string;
  description?: string;
  children?: ReactNode;
}) {
  const external = /^https?:\/\//.test(href);
  // Title and description are blocks, not spans styled as blocks: read as text (copied, by an
  // agent, in the link's name) they are two lines, not "TitleDescription" run together.
  return (
    <a className="card" href={href} {...(external ? { rel: "noopener" } : {})}>
      <MovementMark className="card-icon" />
      <div className="card-text">
        <div className="card-title">{title}</div>
        {description ? <div className="card-description">{description}</div> : null}
        {children}
      </div>
    </a>
  );
}

export interface DocCardItem {
  label: string;
  href: string;
  description?: string;
}

export function DocCardList({ items = [] }: { items?: DocCardItem[] }) {
  return (
    <Cards>
      {items.map((item) => (
        <Card key={item.href} title={item.label} href={item.href} description={item.description} />
      ))}
    </Cards>
  );
}
