/** A page as the build holds it before it becomes a PageRecord. */
import type { SidebarId } from "../site-config";
import type { TreeNode } from "../tree";

export interface BuiltPage {
  route: string;
  title: string;
  description: string;
  sidebar: SidebarId | null;
  /** Source path relative to content/docs, for messages and the edit link; null for generated pages. */
  source: string | null;
  tree: TreeNode[];
  /** Terms that should find the page without being shown, e.g. an API operation's id, method + path and parameter names. */
  searchKeywords?: string[];
}
