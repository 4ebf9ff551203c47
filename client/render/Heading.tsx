/**
 * An h2, h3 or h4 with an id, and its permalink beside it. The link is the heading's sibling, not
 * its child, so the heading's accessible name stays its text; the wrapper carries the heading's
 * spacing and shows the link on hover (client/styles/permalinks.css). Drawn when the page is rendered,
 * never stored in the page tree, so the twins and search records never see it.
 */
import { createElement, type ReactNode } from "react";
import { PERMALINK_CLASS, permalinkLabel } from "../../common/permalink";
import type { TreeProps } from "../../common/tree";

export const PERMALINKED_HEADINGS = new Set(["h2", "h3", "h4"]);

export function PermalinkedHeading({
  type,
  props,
  text,
  children,
}: {
  type: string;
  props: TreeProps & { id: string };
  /** The heading's text, for the link's accessible name. */
  text: string;
  children?: ReactNode;
}) {
  return (
    <div className={`heading heading-${type}`}>
      {createElement(type, props, children)}
      <a className={PERMALINK_CLASS} href={`#${props.id}`} aria-label={permalinkLabel(text)} />
    </div>
  );
}
