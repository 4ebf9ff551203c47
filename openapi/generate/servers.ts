/**
 * The document's `servers` come from the site's network table: one per network, its RPC URL,
 * described by name and chain ID. With a table present the document must not list servers itself,
 * so an endpoint is written down in one place (pages, reference, explorer and download agree).
 */
import path from "node:path";
import { stringify } from "yaml";
import { loadNetworks } from "../../common/build/networks";
import { OpenApiInvalid, type LoadedDocument } from "./load";
import type { Server } from "./types";

export const NETWORK_TABLE = "content/networks.yaml";

/**
 * The servers of `<root>/content/networks.yaml` (or the table `at` names: a legacy docs version's),
 * or null for a site without a network table. A network marked `status: internal` is left out:
 * readers cannot use it, so the reference and its explorer do not offer it.
 */
export async function documentServers(
  root: string,
  at = { file: path.join(root, NETWORK_TABLE), label: NETWORK_TABLE },
): Promise<Server[] | null> {
  const table = await loadNetworks(at.file, at.label);
  const open = table.networks.filter((n) => n.status !== "internal");
  if (!open.length) return null;
  return open.map((n) => ({ url: n.rpc, description: `${n.name}, chain ID ${n.chainId}` }));
}

/** The loaded document with `servers` placed after `info`, in the object and in the YAML download. */
export function withServers(loaded: LoadedDocument, servers: Server[], file: string): LoadedDocument {
  if (loaded.doc.servers)
    throw new OpenApiInvalid(
      `${file}: servers: the API's base URLs come from ${NETWORK_TABLE} (each network's rpc); remove them here`,
    );
  const { openapi, info, ...rest } = loaded.doc;
  // The first top-level key after info; the text stays as written around the inserted block.
  const lineAfterInfo = loaded.text.indexOf("\n", loaded.text.search(/^info:/m)) + 1;
  const next = lineAfterInfo > 0 ? loaded.text.slice(lineAfterInfo).search(/^[^\s#]/m) : -1;
  const at = next < 0 ? loaded.text.length : lineAfterInfo + next;
  const block = stringify({ servers }, { lineWidth: 0 });
  const text = `${loaded.text.slice(0, at)}${at === loaded.text.length && !loaded.text.endsWith("\n") ? "\n" : ""}${block}${loaded.text.slice(at)}`;
  return { ...loaded, doc: { openapi, info, servers, ...rest }, text };
}
