/** The explorer's network picker: the document's servers plus a custom URL, remembered across pages (pure). */
import type { ExplorerServer } from "./props";

export const CUSTOM = "custom";
/** Storage keys (through client/boot/storage: suffixed, and harmless when storage is unavailable). */
export const NETWORK_KEY = "api-explorer-network";
export const CUSTOM_URL_KEY = "api-explorer-custom-url";

export interface NetworkChoice {
  /** A server URL, or CUSTOM. */
  network: string;
  customUrl: string;
}

/** The remembered choice, when it still names one of this page's servers (or the custom URL). */
export function restoreChoice(
  servers: ExplorerServer[],
  stored: { network: string | null; customUrl: string | null },
): NetworkChoice {
  const known = stored.network === CUSTOM || servers.some((s) => s.url === stored.network);
  return { network: known ? stored.network! : (servers[0]?.url ?? CUSTOM), customUrl: stored.customUrl ?? "" };
}

/** The base URL requests go to. */
export function baseUrlOf(choice: NetworkChoice): string {
  return choice.network === CUSTOM ? choice.customUrl.trim() : choice.network;
}
