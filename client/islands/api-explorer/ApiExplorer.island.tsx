/**
 * The "Try it" explorer of an operation page: pick a network, fill the parameters and body, choose
 * JSON or BCS, Send, and read the status, time, headers and body. Loaded on the first hover, focus
 * or click of the section; it starts closed, like its server fallback, and opens on its button.
 */
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { readStorage, writeStorage } from "../../boot/storage.client";
import { baseUrlOf, CUSTOM, CUSTOM_URL_KEY, NETWORK_KEY, restoreChoice, type NetworkChoice } from "./network";
import { ParamField } from "./ParamField";
import { isBytesType, mediaLabel, type ApiExplorerProps, type ExplorerBody } from "./props";
import { buildUrl, paramKey, prepareRequest, type ParamValues } from "./request";
import { ResponseView } from "./ResponseView";
import { sendRequest, siteTimeoutMs, type Outcome } from "./send.client";
import { TryItSummary } from "./TryItSummary";
import "./api-explorer.css";

const GROUPS = [
  { in: "path", title: "Path parameters" },
  { in: "query", title: "Query parameters" },
  { in: "header", title: "Header parameters" },
] as const;

/** The generated example, pretty-printed: from the props, or from the page's example block. */
function bodyExample(body: ExplorerBody): string {
  if (body.example !== undefined) return JSON.stringify(body.example, null, 2);
  return (body.exampleFrom && document.getElementById(body.exampleFrom)?.querySelector("pre")?.textContent) || "";
}

function ApiExplorer(props: ApiExplorerProps) {
  const id = useId();
  const params = useMemo(() => props.params ?? [], [props.params]);
  const accepts = props.accept?.length ? props.accept : ["application/json"];
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<NetworkChoice | null>(null);
  const [values, setValues] = useState<ParamValues>({});
  const [bodyType, setBodyType] = useState(props.body?.types[0] ?? "");
  const [bodyTexts, setBodyTexts] = useState<Record<string, string>>({});
  const [accept, setAccept] = useState(accepts.includes("application/json") ? "application/json" : accepts[0]!);
  const [problems, setProblems] = useState<{ errors: string[]; invalid: string[] } | null>(null);
  const [pending, setPending] = useState<AbortController | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const inFlight = useRef<AbortController | null>(null);

  // Leaving the page (client navigation unmounts the island) cancels a request still running.
  useEffect(() => () => inFlight.current?.abort(), []);
  useEffect(() => {
    if (problems) errorRef.current?.focus();
  }, [problems]);

  const toggle = () => {
    if (!open && !choice) {
      // First opening: the remembered network, and the body editor prefilled with the example.
      setChoice(
        restoreChoice(props.servers, { network: readStorage(NETWORK_KEY), customUrl: readStorage(CUSTOM_URL_KEY) }),
      );
      const json = props.body?.types.find((t) => !isBytesType(t));
      if (props.body && json) setBodyTexts({ [json]: bodyExample(props.body) });
    }
    setOpen(!open);
  };

  const current = choice ?? restoreChoice(props.servers, { network: null, customUrl: null });
  const base = baseUrlOf(current);
  const preview = useMemo(
    () => buildUrl(base || props.servers[0]?.url || "", props.path, params, values),
    [base, props, params, values],
  );
  const invalid = new Set(problems?.invalid);

  const choose = (next: NetworkChoice) => {
    setChoice(next);
    writeStorage(NETWORK_KEY, next.network);
    if (next.network === CUSTOM) writeStorage(CUSTOM_URL_KEY, next.customUrl);
  };

  const send = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (pending) return;
    const body = props.body ? { text: bodyTexts[bodyType] ?? "", type: bodyType } : undefined;
    const prepared = prepareRequest(props, { base, values, accept, body });
    if (!prepared.ok) {
      setProblems(prepared);
      setOutcome(null);
      return;
    }
    setProblems(null);
    const controller = new AbortController();
    inFlight.current = controller;
    setPending(controller);
    const result = await sendRequest(prepared.request, controller.signal, props.timeoutMs ?? siteTimeoutMs());
    inFlight.current = null;
    setPending(null);
    setOutcome(result);
  };

  const formId = `${id}-form`;
  return (
    <>
      <TryItSummary
        method={props.method}
        url={open ? preview : `${(props.servers[0]?.url ?? "").replace(/\/+$/, "")}${props.path}`}
        expanded={open}
        controls={formId}
        onToggle={toggle}
      />
      {open ? (
        <form id={formId} className="api-x" noValidate onSubmit={send} aria-labelledby="try-it">
          {document.documentElement.dataset.docsVersionStatus === "legacy" ? (
            <p className="api-x-legacy" role="note" data-version-api="">
              {`These endpoints are those of the ${document.documentElement.dataset.docsVersionLabel ?? "earlier"} docs version: they may no longer answer, or may answer differently.`}
            </p>
          ) : null}
          <div className="api-x-network">
            <div className="api-x-field">
              <label htmlFor={`${id}-net`}>Network</label>
              <select
                id={`${id}-net`}
                value={current.network}
                onChange={(e) => choose({ ...current, network: e.target.value })}
              >
                {props.servers.map((s) => (
                  <option key={s.url} value={s.url}>
                    {s.name}
                  </option>
                ))}
                <option value={CUSTOM}>Custom URL</option>
              </select>
            </div>
            {current.network === CUSTOM ? (
              <div className="api-x-field api-x-grow">
                <label htmlFor={`${id}-url`}>Node URL</label>
                <input
                  id={`${id}-url`}
                  type="url"
                  value={current.customUrl}
                  placeholder="http://127.0.0.1:8080/v1"
                  autoComplete="url"
                  spellCheck={false}
                  aria-invalid={invalid.has("node-url") || undefined}
                  onChange={(e) => choose({ ...current, customUrl: e.target.value })}
                />
              </div>
            ) : null}
          </div>

          {GROUPS.map((g) => {
            const here = params.filter((p) => p.in === g.in);
            return here.length ? (
              <fieldset key={g.in} className="api-x-params">
                <legend>{g.title}</legend>
                {here.map((p) => (
                  <ParamField
                    key={paramKey(p)}
                    id={`${id}-${paramKey(p)}`}
                    param={p}
                    value={values[paramKey(p)] ?? ""}
                    invalid={invalid.has(paramKey(p))}
                    onChange={(v) => setValues((old) => ({ ...old, [paramKey(p)]: v }))}
                  />
                ))}
              </fieldset>
            ) : null;
          })}

          {props.body ? (
            <div className="api-x-body">
              <div className="api-x-row">
                <label htmlFor={`${id}-body`}>
                  Request body
                  {props.body.required ? (
                    <>
                      {" "}
                      <b>required</b>
                    </>
                  ) : null}
                </label>
                {props.body.types.length > 1 ? (
                  <label className="api-x-inline">
                    Content-Type
                    <select value={bodyType} onChange={(e) => setBodyType(e.target.value)}>
                      {props.body.types.map((t) => (
                        <option key={t} value={t}>
                          {t}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </div>
              <textarea
                id={`${id}-body`}
                className="api-x-editor"
                value={bodyTexts[bodyType] ?? ""}
                rows={Math.min(18, Math.max(4, (bodyTexts[bodyType] ?? "").split("\n").length + 1))}
                spellCheck={false}
                aria-invalid={invalid.has("body") || undefined}
                aria-describedby={`${id}-body-hint`}
                onChange={(e) => setBodyTexts((old) => ({ ...old, [bodyType]: e.target.value }))}
              />
              <p id={`${id}-body-hint`} className="api-x-hint">
                {isBytesType(bodyType)
                  ? "BCS bytes as hex, for example 0x0a1b2c…"
                  : `JSON, sent as ${bodyType}; prefilled with the generated example.`}
              </p>
            </div>
          ) : null}

          <div className="api-x-actions">
            {accepts.length > 1 ? (
              <label className="api-x-inline">
                Accept
                <select value={accept} onChange={(e) => setAccept(e.target.value)}>
                  {accepts.map((t) => (
                    <option key={t} value={t}>
                      {mediaLabel(t)}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            <button type="submit" className="button" disabled={!!pending}>
              Send
            </button>
            {pending ? (
              <button type="button" className="api-x-cancel" onClick={() => pending.abort()}>
                Cancel
              </button>
            ) : null}
          </div>

          {problems ? (
            <div ref={errorRef} role="alert" tabIndex={-1} className="api-x-error">
              <p>The request was not sent:</p>
              <ul>
                {problems.errors.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </div>
          ) : null}
          <ResponseView outcome={outcome} sending={!!pending} />
        </form>
      ) : null}
    </>
  );
}

/** The island entry: props arrive as parsed JSON from the marker (written by openapi/generate/explorer.ts). */
export default function ApiExplorerIsland(props: Record<string, unknown>) {
  return <ApiExplorer {...(props as unknown as ApiExplorerProps)} />;
}
