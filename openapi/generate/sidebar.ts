/**
 * The `apiSidebar`: "Introduction", the reference's other pages, one category per tag linking to its
 * tag page, operations in document order with a method badge, then the "Types" with pages of their own.
 */
import type { SidebarItem } from "../../common/page";
import type { OperationEntry } from "./types";

export interface SidebarInput {
  landing: { label: string; href: string };
  /** Pages listed after the landing page, before the tags (e.g. what changed between node builds). */
  pages?: { label: string; href: string }[];
  tags: { name: string; route: string; entries: OperationEntry[] }[];
  routeOf: (e: OperationEntry) => string;
  /** Types drawn on pages of their own (schema-homes.ts). */
  types?: { label: string; href: string }[];
}

export function apiSidebar(input: SidebarInput): SidebarItem[] {
  return [
    { type: "link", label: input.landing.label, href: input.landing.href },
    ...(input.pages ?? []).map((p): SidebarItem => ({ type: "link", label: p.label, href: p.href })),
    ...input.tags.map((t): SidebarItem => ({
      type: "category",
      label: t.name,
      href: t.route,
      collapsed: true,
      items: t.entries.map((e) => ({
        type: "link",
        label: e.operation.summary ?? e.operation.operationId,
        href: input.routeOf(e),
        badge: e.method.toUpperCase(),
      })),
    })),
    ...(input.types?.length
      ? [
          {
            type: "category",
            label: "Types",
            collapsed: true,
            items: input.types.map((t): SidebarItem => ({ type: "link", label: t.label, href: t.href })),
          } satisfies SidebarItem,
        ]
      : []),
  ];
}
