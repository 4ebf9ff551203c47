/**
 * Security headers for every response the worker makes. The CSP allows no inline script except the
 * pre-paint script, by hash, and the assistant's origin only when it is enabled.
 */
import { PREPAINT_SCRIPT } from "../../client/boot/prepaint";

let prepaintHash: Promise<string> | undefined;

async function sha256Base64(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  let binary = "";
  for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export async function contentSecurityPolicy(assistantOrigin: string | null): Promise<string> {
  prepaintHash ??= sha256Base64(PREPAINT_SCRIPT);
  const extra = assistantOrigin ? ` ${assistantOrigin}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'sha256-${await prepaintHash}'${extra}`,
    `style-src 'self'${extra}`,
    `img-src 'self' data:${extra}`,
    `connect-src 'self' https://*.movementnetwork.xyz https://*.algolia.net https://*.algolianet.com${extra}`,
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
