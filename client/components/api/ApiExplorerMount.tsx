/**
 * The "Try it" section of an operation page: the ApiExplorer island's marker with its props, and
 * the request line as the fallback (readable without JavaScript). The explorer itself loads on the
 * first hover, focus or click of the section.
 */
import type { ReactNode } from "react";
import type { ApiExplorerProps } from "../../islands/api-explorer/props";
import { TryItSummary } from "../../islands/api-explorer/TryItSummary";
import { Island } from "../../islands/Island";

/**
 * `children`: the note shown without JavaScript. The section is a tool for people (the twin has
 * the request line and the code samples), so it is marked human-only.
 */
export function ApiExplorerMount({ children, ...props }: ApiExplorerProps & { children?: ReactNode }) {
  const base = props.servers[0]?.url.replace(/\/+$/, "") ?? "";
  return (
    <Island name="ApiExplorer" on="interaction" className="api-try" humanOnly props={{ ...props }}>
      <TryItSummary method={props.method} url={`${base}${props.path}`} note={children} />
    </Island>
  );
}
