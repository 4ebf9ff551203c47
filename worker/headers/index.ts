/**
 * Security headers of every HTML document, by hono/secure-headers configured to the site's policy
 * (its defaults differ). The CSP allows no inline script except the pre-paint script, by hash, and
 * the assistant's origin only when the build enables it. test/worker/headers.worker.test.ts pins the set.
 */
import type { MiddlewareHandler } from "hono";
import { createMiddleware } from "hono/factory";
import { secureHeaders } from "hono/secure-headers";
import type { SiteConfig } from "../../common/site-config";
import { PREPAINT_SCRIPT } from "../../client/boot/prepaint";
import type { AppEnv } from "../env";

/**
 * The only inline style the site runs: the <style> inside the "Search by Algolia" logo that the
 * DocSearch modal (@docsearch/react 3.9) always renders. Allowed by hash; the search e2e test
 * fails on a CSP violation if an upgrade changes it.
 */
const DOCSEARCH_LOGO_STYLE = ".cls-1,.cls-2{fill:#003dff;}.cls-2{fill-rule:evenodd;}";

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  let binary = "";
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function policy(assistantOrigin: string | null): Promise<MiddlewareHandler> {
  const extra = assistantOrigin ? [assistantOrigin] : [];
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", `'sha256-${await sha256Base64(PREPAINT_SCRIPT)}'`, ...extra],
      styleSrc: ["'self'", `'sha256-${await sha256Base64(DOCSEARCH_LOGO_STYLE)}'`, ...extra],
      imgSrc: ["'self'", "data:", ...extra],
      // The API explorer sends requests to any node the reader names: https anywhere, http on this computer.
      connectSrc: ["'self'", "https:", "http://127.0.0.1:*", "http://localhost:*", ...extra],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: [],
    },
    strictTransportSecurity: "max-age=63072000; includeSubDomains; preload",
    xContentTypeOptions: true,
    referrerPolicy: "strict-origin-when-cross-origin",
    permissionsPolicy: {
      camera: [],
      microphone: [],
      geolocation: [],
      payment: [],
      usb: [],
      // FLoC's opt-out, still sent; hono's list of directives no longer names it.
      ...({ interestCohort: [] } as object),
    },
    xFrameOptions: "DENY",
    crossOriginOpenerPolicy: true,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

/**
 * One configured middleware per assistant origin (a build's setting: in practice one or two). The
 * map keeps made middleware, not pending promises: a promise would belong to the request that made
 * it (requests arriving together each make one; the first to finish is kept).
 */
const policies = new Map<string, MiddlewareHandler>();

function assistantOrigin(manifest: { config: SiteConfig } | undefined): string | null {
  const a = manifest?.config.assistant;
  return a?.enabled && a.scriptUrl ? new URL(a.scriptUrl).origin : null;
}

/** Every other response is at least never sniffed: a JSON or text error must not be read as HTML. */
function noSniff(res: Response): Response | null {
  if (res.headers.has("X-Content-Type-Options")) return null;
  try {
    res.headers.set("X-Content-Type-Options", "nosniff");
    return null;
  } catch {
    // A response whose headers are immutable (a fetched asset, a cache hit) is copied.
    const copy = new Response(res.body, res);
    copy.headers.set("X-Content-Type-Options", "nosniff");
    return copy;
  }
}

/**
 * Applied once the response exists, since the CSP depends on the build the response came from.
 * Only HTML documents get the set; files, images, JSON and redirects keep their own headers and
 * get `nosniff`.
 */
export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  if (!c.res.headers.get("Content-Type")?.startsWith("text/html")) {
    const copy = noSniff(c.res);
    if (copy) c.res = copy;
    return;
  }
  const origin = assistantOrigin(c.var.manifest);
  let apply = policies.get(origin ?? "");
  if (!apply) {
    apply = await policy(origin);
    policies.set(origin ?? "", apply);
  }
  await apply(c, async () => {});
});
