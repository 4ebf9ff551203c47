/**
 * Security headers for every response the worker makes. The CSP allows no inline script except the
 * pre-paint script, by hash, and the assistant's origin only when it is enabled.
 */
import { PREPAINT_SCRIPT } from "../../client/boot/prepaint";

let prepaintHash: Promise<string> | undefined;
/**
 * The only inline style the site runs: the <style> inside the "Search by Algolia" logo that the
 * DocSearch modal (@docsearch/react 3.9) always renders. Allowed by hash; the search e2e test
 * fails on a CSP violation if an upgrade changes it.
 */
export const DOCSEARCH_LOGO_STYLE = ".cls-1,.cls-2{fill:#003dff;}.cls-2{fill-rule:evenodd;}";
let docsearchStyleHash: Promise<string> | undefined;

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  let binary = "";
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function contentSecurityPolicy(assistantOrigin: string | null): Promise<string> {
  prepaintHash ??= sha256Base64(PREPAINT_SCRIPT);
  docsearchStyleHash ??= sha256Base64(DOCSEARCH_LOGO_STYLE);
  const extra = assistantOrigin ? ` ${assistantOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'sha256-${await prepaintHash}'${extra}`,
    `style-src 'self' 'sha256-${await docsearchStyleHash}'${extra}`,
    `img-src 'self' data:${extra}`,
    // The API explorer sends requests to any node the reader names: https anywhere, http on this computer.
    `connect-src 'self' https: http://127.0.0.1:* http://localhost:*${extra}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "upgrade-insecure-requests",
  ].join("; ");
}

export async function securityHeaders(assistantOrigin: string | null): Promise<Record<string, string>> {
  return {
    "Content-Security-Policy": await contentSecurityPolicy(assistantOrigin),
    "Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
}
