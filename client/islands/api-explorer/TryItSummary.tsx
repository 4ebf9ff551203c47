/**
 * The top of the "Try it" section: the request line and the button that opens the explorer. The
 * server renders it as the island's fallback (the button is hidden without JavaScript, where the
 * note shows instead); the island renders the same markup, so loading it on hover moves nothing.
 */
import type { ReactNode } from "react";

export function TryItSummary({
  method,
  url,
  expanded = false,
  controls,
  onToggle,
  note,
}: {
  method: string;
  /** The URL the request goes to (a template with `{name}` placeholders until they are filled). */
  url: string;
  expanded?: boolean;
  /** Id of the explorer form, once it exists. */
  controls?: string;
  onToggle?: () => void;
  /** Shown only without JavaScript (the server's fallback). */
  note?: ReactNode;
}) {
  return (
    <div className="api-try-summary">
      <p className="api-try-url">
        <span className={`badge badge-${method.toLowerCase()}`}>{method}</span> <code>{url}</code>
      </p>
      {note ? <p className="api-try-nojs">{note}</p> : null}
      <button
        type="button"
        className="button api-try-toggle"
        aria-expanded={expanded}
        aria-controls={controls}
        onClick={onToggle}
      >
        {expanded ? "Close the explorer" : "Open the explorer"}
      </button>
    </div>
  );
}
