/** The docs server's tools, in the order tools/list shows them. */
import { getApiOperation, listApiOperations } from "./api";
import type { DocsTool } from "./define";
import { getNetworkInfo } from "./networks";
import { getPage } from "./pages";
import { searchDocs } from "./search";

export const TOOLS: DocsTool[] = [searchDocs, getPage, listApiOperations, getApiOperation, getNetworkInfo];
export { MAX_OUTPUT_CHARS } from "./define";
