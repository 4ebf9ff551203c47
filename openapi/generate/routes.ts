/** Where generated pages and files live: `/api/node/<slug>`, operation slugs from operationIds. */
import type { OperationEntry } from "./types";

export const API_BASE = "/api/node";

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** `get_account` → `/api/node/get-account`. */
export function operationRoute(e: OperationEntry): string {
  return `${API_BASE}/${e.operation.operationId.replace(/_/g, "-")}`;
}

/** A type drawn on a page of its own (schema-homes.ts): `TransactionPayload` → `/api/node/transaction-payload-type`. */
export const typeRoute = (name: string) => `${API_BASE}/${slugify(name.replace(/([a-z0-9])([A-Z])/g, "$1-$2"))}-type`;

export const tagRoute = (name: string) => `${API_BASE}/${slugify(name)}`;
export const landingRoute = (title: string) => `${API_BASE}/${slugify(title)}`;
export const DOWNLOADS = { yaml: `${API_BASE}/openapi.yaml`, json: `${API_BASE}/openapi.json` } as const;
