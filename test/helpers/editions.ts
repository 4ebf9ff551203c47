/** Builds of a temporary site that differ only in the edition word of its tools page (/build/tools). */
import { buildSite, type SiteBuild } from "../../scripts/build/build";
import type { TempSite } from "./temp-site";

export const TOOLS = "/build/tools";

/** The tools page's source, saying "Edition <edition>." */
export const toolsPage = (edition: string) =>
  `---\ntitle: Tools\ndescription: The tools page of the build sidebar.\nsidebar_position: 1\n---\n\n# Tools\n\nEdition ${edition}.\n`;

/** The edition word in a page's HTML or record text, if any. */
export const editionIn = (text: string) => /Edition (\w+)\./.exec(text)?.[1];

/** Two builds of the site, one per edition, in order (the site keeps the second edition's page). */
export async function editionBuilds(site: TempSite, first: string, second: string): Promise<[SiteBuild, SiteBuild]> {
  const build = async (edition: string) => {
    await site.write("docs/build/tools.mdx", toolsPage(edition));
    return buildSite({ root: site.root });
  };
  const a = await build(first);
  return [a, await build(second)];
}
