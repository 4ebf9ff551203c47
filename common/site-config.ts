/**
 * The resolved site configuration as the runtime sees it: the output type of the schema that
 * validates content/site.yaml at build time (common/config/schema.ts, with a comment per field).
 * The build ships the resolved object in the manifest. A type import: nothing of the schema reaches a bundle.
 */
import type { SiteConfig } from "./config/schema";

export type { SiteConfig };

/** A section (Learn, Build, the Node API reference): its sidebar id, label and folder. */
export type SectionConfig = SiteConfig["sections"][number];
/** Names a section's sidebar; the sections of site.yaml declare the ids. */
export type SidebarId = SectionConfig["id"];
export type NavbarItem = SiteConfig["navbar"]["items"][number];
export type AnnouncementConfig = NonNullable<SiteConfig["announcementBar"]>;
export type SearchConfig = SiteConfig["search"];

/** The label of a page's section, or "Docs" for a page in none. */
export function sectionLabel(config: Pick<SiteConfig, "sections">, sidebar: SidebarId | null): string {
  return config.sections.find((s) => s.id === sidebar)?.label ?? "Docs";
}
