/** What the explorer shows after Send: status, time and size, the response headers, the formatted body. */
import { useMemo } from "react";
import { formatBody, formatDuration, formatSize, statusLine } from "./response";
import type { Outcome } from "./send.client";

export function ResponseView({ outcome, sending }: { outcome: Outcome | null; sending: boolean }) {
  return (
    <div className="api-x-result">
      {/* Announced to screen readers: the one line that says how the request went. */}
      <p role="status" className="api-x-status">
        {sending ? (
          "Sending…"
        ) : outcome?.kind === "response" ? (
          <StatusLine outcome={outcome} />
        ) : outcome?.kind === "aborted" ? (
          "Cancelled."
        ) : null}
      </p>
      {!sending && outcome?.kind === "failure" ? (
        <p role="alert" className="api-x-error">
          {outcome.message}
        </p>
      ) : null}
      {!sending && outcome?.kind === "response" ? <ResponseDetails outcome={outcome} /> : null}
    </div>
  );
}

type Response = Extract<Outcome, { kind: "response" }>;

function StatusLine({ outcome }: { outcome: Response }) {
  return (
    <>
      <span className={`api-x-code api-x-code-${String(outcome.status)[0]}xx`}>
        {statusLine(outcome.status, outcome.statusText)}
      </span>
      <span>{formatDuration(outcome.ms)}</span>
      <span>{formatSize(outcome.bytes.length)}</span>
    </>
  );
}

function ResponseDetails({ outcome }: { outcome: Response }) {
  const body = useMemo(() => formatBody(outcome.contentType, outcome.bytes), [outcome]);
  return (
    <>
      <p className="api-x-sent">
        <code>
          {outcome.method} {outcome.url}
        </code>
      </p>
      <details className="api-x-headers">
        <summary>Response headers ({outcome.headers.length})</summary>
        <table>
          <tbody>
            {outcome.headers.map(([name, value]) => (
              <tr key={name}>
                <th scope="row">{name}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="api-x-hint">
          The browser shows only the headers the node exposes to pages (Access-Control-Expose-Headers).
        </p>
      </details>
      {body.kind === "empty" ? <p className="api-x-hint">No body.</p> : null}
      {body.kind === "text" ? (
        <>
          <pre className="api-x-pre" tabIndex={0} aria-label="Response body">
            <code>{body.text}</code>
          </pre>
          {body.truncated ? <p className="api-x-hint">The body is cut here; the curl sample shows all of it.</p> : null}
        </>
      ) : null}
      {body.kind === "bytes" ? (
        <>
          <p className="api-x-hint">
            {body.length} bytes of BCS{body.shown < body.length ? `; the first ${body.shown}:` : ":"}
          </p>
          <pre className="api-x-pre" tabIndex={0} aria-label="Response body as hex">
            <code>{body.hex}</code>
          </pre>
        </>
      ) : null}
    </>
  );
}
