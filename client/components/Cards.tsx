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
  return (
    <a className="card" href={href} {...(external ? { rel: "noopener" } : {})}>
      <MovementMark className="card-icon" />
      <span className="card-text">
        <span className="card-title">{title}</span>
        {description ? <span className="card-description">{description}</span> : null}
        {children}
      </span>
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
