/**
 * The server side of an island: a marker element with the island's name, its serialised props and
 * its loading strategy. Its children are the server-rendered fallback, shown until (and unless) the
 * island's code loads, so the page works without JavaScript.
 */
import type { ReactNode } from "react";
import type { HydrateOn, IslandName } from "./names";

export function Island({
  name,
  props,
  on,
  className,
  humanOnly,
  children,
}: {
  name: IslandName;
  props?: Record<string, unknown>;
  on: HydrateOn;
  className?: string;
  /** A widget only a person uses (the API explorer): marked so a check of the page against its Markdown twin leaves it out. */
  humanOnly?: boolean;
  children?: ReactNode;
}) {
  return (
    <div
      className={className}
      data-markdown-ignore={humanOnly ? "" : undefined}
      data-island={name}
      data-island-on={on}
      data-island-props={props ? JSON.stringify(props) : undefined}
    >
      {children}
    </div>
  );
}
