/** A callout box: note, tip, info, warning or danger, with an optional title. */
import type { ReactNode } from "react";

const DEFAULT_TITLES: Record<string, string> = {
  note: "Note",
  tip: "Tip",
  info: "Info",
  warning: "Warning",
  danger: "Danger",
};

export function Admonition({ type, title, children }: { type: string; title?: string; children?: ReactNode }) {
  const kind = type in DEFAULT_TITLES ? type : "note";
  return (
    <aside
      className={`admonition admonition-${kind}`}
      role={kind === "danger" || kind === "warning" ? "note" : undefined}
    >
      <p className="admonition-title">{title ?? DEFAULT_TITLES[kind]}</p>
      <div className="admonition-body">{children}</div>
    </aside>
  );
}
