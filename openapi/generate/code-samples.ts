/**
 * Request samples generated at build time for curl, TypeScript (fetch), Python (requests), Rust
 * (reqwest) and Go (net/http). Each sample sends the same request: the first server, path
 * parameters from their examples, required query parameters, and the generated JSON body, written
 * in the sample itself so that it runs as copied.
 */
import { exampleOf } from "./example";
import type { Resolver } from "./refs";
import type { MediaType, OperationEntry, Parameter, RequestBody, Response } from "./types";

export interface SampleRequest {
  method: string;
  url: string;
  /**
   * Headers beyond the defaults: JSON is what the API answers without an Accept header, and each
   * sample adds `Content-Type: application/json` itself when there is a body.
   */
  headers: [string, string][];
  /** JSON body, when the operation takes one. */
  body?: unknown;
  /** Whether the success response is JSON (read with `.json()`) or text. */
  jsonResponse: boolean;
}

export const SAMPLE_LANGUAGES = [
  { value: "curl", label: "curl", lang: "bash" },
  { value: "typescript", label: "TypeScript", lang: "typescript" },
  { value: "python", label: "Python", lang: "python" },
  { value: "rust", label: "Rust", lang: "rust" },
  { value: "go", label: "Go", lang: "go" },
] as const;

export type SampleLanguage = (typeof SAMPLE_LANGUAGES)[number]["value"];

export function sampleRequest(entry: OperationEntry, baseUrl: string, r: Resolver): SampleRequest {
  const params = entry.parameters.map((p) => r.resolve<Parameter>(p));
  const valueOf = (p: Parameter) => {
    const v = p.example ?? (p.schema ? exampleOf(p.schema, r) : "");
    return typeof v === "string" ? v : JSON.stringify(v);
  };
  let path = entry.path;
  for (const p of params.filter((p) => p.in === "path"))
    path = path.replace(`{${p.name}}`, encodeURIComponent(valueOf(p)));
  const query = params
    .filter((p) => p.in === "query" && p.required)
    .map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(valueOf(p))}`);
  const url = `${baseUrl.replace(/\/$/, "")}${path}${query.length ? `?${query.join("&")}` : ""}`;

  const success = Object.entries(entry.operation.responses).find(([code]) => code.startsWith("2"))?.[1];
  const types = Object.keys(success ? (r.resolve<Response>(success).content ?? {}) : {});
  const accept = types.includes("application/json") || types.length === 0 ? "application/json" : types[0]!;
  const headers: [string, string][] = accept === "application/json" ? [] : [["Accept", accept]];
  for (const p of params.filter((p) => p.in === "header" && p.required)) headers.push([p.name, valueOf(p)]);

  const req: SampleRequest = {
    method: entry.method.toUpperCase(),
    url,
    headers,
    jsonResponse: accept === "application/json",
  };
  const body = entry.operation.requestBody ? r.resolve<RequestBody>(entry.operation.requestBody) : undefined;
  const json: MediaType | undefined = body?.content["application/json"];
  if (json) req.body = json.example ?? (json.schema ? exampleOf(json.schema, r) : {});
  return req;
}

export function sampleCode(lang: SampleLanguage, req: SampleRequest): string {
  return GENERATORS[lang](req);
}

// Samples stay short: they sit five to a page, and the request is what they are about.
const GENERATORS: Record<SampleLanguage, (req: SampleRequest) => string> = {
  curl(req) {
    const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
    const lines = [
      `curl ${req.method === "GET" ? "" : `--request ${req.method} `}${q(req.url)}`,
      ...req.headers.map(([k, v]) => `  --header ${q(`${k}: ${v}`)}`),
    ];
    if (req.body !== undefined)
      lines.push(`  --header 'Content-Type: application/json'`, `  --data ${q(json(req.body))}`);
    return lines.join(" \\\n");
  },

  typescript(req) {
    const init: string[] = [];
    if (req.method !== "GET") init.push(`  method: "${req.method}",`);
    const headers: [string, string][] =
      req.body === undefined ? req.headers : [...req.headers, ["Content-Type", "application/json"]];
    if (headers.length)
      init.push(
        `  headers: { ${headers.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${JSON.stringify(v)}`).join(", ")} },`,
      );
    // The body is JSON text: it reads as well as an object literal and weighs far less highlighted.
    if (req.body !== undefined) init.push(`  body: \`${indent(json(req.body).replace(/[`\\$]/g, "\\$&"), "  ")}\`,`);
    return [
      init.length
        ? [`const response = await fetch(${JSON.stringify(req.url)}, {`, ...init, "});"].join("\n")
        : `const response = await fetch(${JSON.stringify(req.url)});`,
      "if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);",
      `console.log(await response.${req.jsonResponse ? "json" : "text"}());`,
    ].join("\n");
  },

  python(req) {
    const args = [JSON.stringify(req.url)];
    const headers: [string, string][] =
      req.body === undefined ? req.headers : [...req.headers, ["Content-Type", "application/json"]];
    if (headers.length)
      args.push(`headers={${headers.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(", ")}}`);
    if (req.body !== undefined) args.push(`data="""${json(req.body).replace(/\\/g, "\\\\")}"""`);
    const call = args.length > 1 ? `(\n    ${args.map((a) => indent(a, "    ")).join(",\n    ")},\n)` : `(${args[0]})`;
    return [
      "import requests",
      "",
      `response = requests.${req.method.toLowerCase()}${call}`,
      "response.raise_for_status()",
      `print(response.${req.jsonResponse ? "json()" : "text"})`,
    ].join("\n");
  },

  rust(req) {
    const chain = [`        .${req.method.toLowerCase()}(${JSON.stringify(req.url)})`];
    for (const [k, v] of req.headers) chain.push(`        .header(${JSON.stringify(k)}, ${JSON.stringify(v)})`);
    if (req.body !== undefined) {
      const text = json(req.body);
      let hashes = "#";
      while (text.includes(`"${hashes}`)) hashes += "#";
      chain.push(
        `        .header("Content-Type", "application/json")`,
        `        .body(r${hashes}"${indent(text, "        ")}"${hashes})`,
      );
    }
    chain.push(
      "        .send()",
      "        .await?",
      "        .error_for_status()?",
      `        .${req.jsonResponse ? "json::<serde_json::Value>" : "text"}()`,
      "        .await?;",
    );
    return [
      `// Cargo.toml: reqwest (feature "json"), serde_json, tokio (feature "full")`,
      "#[tokio::main]",
      "async fn main() -> Result<(), reqwest::Error> {",
      "    let body = reqwest::Client::new()",
      ...chain,
      `    println!("${req.jsonResponse ? "{body:#}" : "{body}"}");`,
      "    Ok(())",
      "}",
    ].join("\n");
  },

  go(req) {
    const hasBody = req.body !== undefined;
    const text = hasBody ? json(req.body) : "";
    const literal = text.includes("`") ? JSON.stringify(text) : `\`${text}\``;
    const url = JSON.stringify(req.url);
    const reader = hasBody ? `strings.NewReader(${indent(literal, "\t")})` : "nil";
    const request =
      req.headers.length === 0 && (req.method === "GET" || req.method === "POST")
        ? [
            req.method === "GET"
              ? `\tres, err := http.Get(${url})`
              : `\tres, err := http.Post(${url}, "application/json", ${reader})`,
          ]
        : [
            `\treq, err := http.NewRequest("${req.method}", ${url}, ${reader})`,
            "\tif err != nil {",
            "\t\tpanic(err)",
            "\t}",
            ...req.headers.map(([k, v]) => `\treq.Header.Set(${JSON.stringify(k)}, ${JSON.stringify(v)})`),
            ...(hasBody ? ['\treq.Header.Set("Content-Type", "application/json")'] : []),
            "\tres, err := http.DefaultClient.Do(req)",
          ];
    return [
      "package main",
      "",
      "import (",
      '\t"fmt"',
      '\t"io"',
      '\t"net/http"',
      ...(hasBody ? ['\t"strings"'] : []),
      ")",
      "",
      "func main() {",
      ...request,
      "\tif err != nil {",
      "\t\tpanic(err)",
      "\t}",
      "\tdefer res.Body.Close()",
      "\tbody, err := io.ReadAll(res.Body)",
      "\tif err != nil {",
      "\t\tpanic(err)",
      "\t}",
      "\tfmt.Println(res.Status, string(body))",
      "}",
    ].join("\n");
  },
};

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** Indents every line but the first (the first continues the line it is placed on). */
function indent(text: string, by: string): string {
  return text.split("\n").join(`\n${by}`);
}
