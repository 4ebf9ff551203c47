/**
 * `npm run dev`'s front door: an HTTP server on the public port that forwards every request to the
 * local worker unchanged, except that HTML pages get one extra <script src="/__dev/live.js"> and
 * /__dev/ serves that script, its stylesheet and the event stream. The worker, its bundle and its
 * headers (CSP included) are those of `npm start`; a same-origin script and stream are what the
 * production CSP already allows ('self'), so nothing is loosened.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import { Transform } from "node:stream";
import type { DevEvent, EventHub } from "./events";
import { liveScript, overlayStyle } from "./assets";

export const DEV_PREFIX = "/__dev/";
const HEAD_END = Buffer.from("</head>");
/** A page whose </head> is not in its first bytes gets the script at its end instead. */
const HEAD_SEARCH_LIMIT = 256 * 1024;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export interface DevProxyOptions {
  host: string;
  port: number;
  /** The worker (Miniflare's own listener). */
  upstream: URL;
  hub: EventHub;
  /** The events a tab that connects is told first; `from` is the build its page came from. */
  hello(from: string): DevEvent[];
  /** The live build id, for pages whose response does not carry one (404, crash page). */
  liveBuild(): string;
}

export interface DevProxy {
  url: URL;
  close(): Promise<void>;
}

export async function startDevProxy(options: DevProxyOptions): Promise<DevProxy> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://dev.invalid");
    if (url.pathname.startsWith(DEV_PREFIX)) void serveDev(req, res, url, options);
    else forward(req, res, options);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: new URL(`http://${options.host}:${port}/`),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serveDev(req: IncomingMessage, res: ServerResponse, url: URL, options: DevProxyOptions): Promise<void> {
  // Another site in the author's browser must not read drafts and errors through a rebound DNS name.
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  if (!LOOPBACK_HOSTS.has(host) && host !== options.host) return plain(res, 403, "Forbidden");
  if (req.method !== "GET") return plain(res, 405, "Method Not Allowed");
  const sub = url.pathname.slice(DEV_PREFIX.length);
  if (sub === "events") return options.hub.connect(req, res, options.hello(url.searchParams.get("build") ?? ""));
  const asset =
    sub === "live.js"
      ? { type: "text/javascript; charset=utf-8", body: await liveScript() }
      : sub === "overlay.css"
        ? { type: "text/css; charset=utf-8", body: await overlayStyle() }
        : null;
  if (!asset) return plain(res, 404, "Not Found");
  res.writeHead(200, { "Content-Type": asset.type, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  res.end(asset.body);
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  res.end(text);
}

function forward(req: IncomingMessage, res: ServerResponse, options: DevProxyOptions): void {
  const headers = { ...req.headers };
  // Uncompressed HTML, so that the script tag can be added.
  delete headers["accept-encoding"];
  const upstream = request(
    {
      host: options.upstream.hostname,
      port: options.upstream.port,
      method: req.method,
      path: req.url,
      headers,
    },
    (up) => {
      const status = up.statusCode ?? 502;
      const html = String(up.headers["content-type"] ?? "").startsWith("text/html");
      if (!html || req.method === "HEAD" || status === 204 || status === 304) {
        res.writeHead(status, up.headers);
        up.pipe(res);
        return;
      }
      const out = { ...up.headers };
      delete out["content-length"];
      res.writeHead(status, out);
      const etag = /^"([\w-]+)"$/.exec(String(up.headers.etag ?? ""))?.[1];
      up.pipe(injectScript(etag ?? options.liveBuild())).pipe(res);
    },
  );
  upstream.on("error", (e) => {
    if (res.headersSent) res.destroy();
    else plain(res, 502, `The dev server could not reach the local worker: ${e.message}`);
  });
  req.pipe(upstream);
}

/** The tag the dev server adds to each page; `build` is the build the page was rendered from. */
export function scriptTag(build: string): string {
  const safe = build.replace(/[^\w-]/g, "");
  return `<script src="${DEV_PREFIX}live.js" data-build="${safe}" defer></script>`;
}

/** Adds the script tag before </head> (or at the end), passing the rest of the stream through as it comes. */
function injectScript(build: string): Transform {
  const tag = Buffer.from(scriptTag(build));
  let held: Buffer[] = [];
  let heldBytes = 0;
  let state: "looking" | "injected" | "at-end" = "looking";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (state !== "looking") return callback(null, chunk);
      held.push(chunk);
      heldBytes += chunk.length;
      const all = Buffer.concat(held);
      const at = all.indexOf(HEAD_END);
      if (at >= 0) {
        state = "injected";
        held = [];
        return callback(null, Buffer.concat([all.subarray(0, at), tag, all.subarray(at)]));
      }
      if (heldBytes > HEAD_SEARCH_LIMIT) {
        state = "at-end";
        held = [];
        return callback(null, all);
      }
      callback();
    },
    flush(callback) {
      callback(null, state === "injected" ? undefined : Buffer.concat([...held, tag]));
    },
  });
}
