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
  children,
}: {
  name: IslandName;
  props?: Record<string, unknown>;
  on: HydrateOn;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div
      className={className}
      data-island={name}
      data-island-on={on}
      data-island-props={props ? JSON.stringify(props) : undefined}
    >
      {children}
    </div>
  );
}
