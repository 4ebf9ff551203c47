/**
 * The interactive widgets ("islands") the server may place on a page. The browser registry
 * (registry.client.ts) must load exactly these; TypeScript checks it, and a test checks that every
 * island the server can render is registered.
 */
export const ISLAND_NAMES = ["SearchModal", "ApiExplorer"] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

/** When an island's code is fetched: on first interaction, when scrolled into view, or when idle. */
export type HydrateOn = "interaction" | "visible" | "idle";
