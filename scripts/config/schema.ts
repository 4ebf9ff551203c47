/**
 * Schemas for what authors write: the site configuration (content/site.yaml), page frontmatter and
 * folder metadata (_category_.json). Validation runs at build time only; the worker gets the result.
 */
import { z } from "zod";
import type { SiteConfig } from "../../client/contracts/site-config";

const link = z.object({ label: z.string().min(1), href: z.string().min(1) });
const position = z.enum(["left", "right"]).default("left");
const sidebarId = z.enum(["tutorialSidebar", "developersSidebar", "apiSidebar"]);

const navbarItem = z.discriminatedUnion("type", [
  z.object({ type: z.literal("docSidebar"), label: z.string().min(1), sidebarId, position }),
  z.object({ type: z.literal("search"), position }),
  z.object({ type: z.literal("link"), label: z.string().min(1), href: z.string().min(1), position }),
  z.object({ type: z.literal("dropdown"), label: z.string().min(1), position, items: z.array(link).min(1) }),
]);

function isRegExp(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

const cssColor = z.string().regex(/^(#[0-9a-fA-F]{3,8}|[a-z]+)$/, "a hex colour or a CSS colour name");

export const siteConfigSchema = z.object({
  /** Document title suffix and brand. */
  title: z.string().min(1),
  tagline: z.string().default(""),
  /** Production origin, used for canonical URLs and the sitemap. */
  url: z.url().transform((u) => u.replace(/\/+$/, "")),
  /** Path prefix the site lives under; only "/" is supported by the worker. */
  baseUrl: z.literal("/").default("/"),
  /** true: routes end in "/"; false: never; null: as the files give them (the old site's default). */
  trailingSlash: z.boolean().nullable().default(null),
  i18n: z
    .object({
      defaultLocale: z.literal("en"),
      locales: z.array(z.object({ code: z.literal("en"), direction: z.enum(["ltr", "rtl"]).default("ltr") })).length(1),
    })
    .default({ defaultLocale: "en", locales: [{ code: "en", direction: "ltr" }] }),
  logo: z.object({ alt: z.string().min(1), src: z.string().min(1) }),
  navbar: z.object({
    title: z.string().min(1),
    /** Hide the navbar while scrolling down, show it again on scroll up. */
    hideOnScroll: z.boolean().default(false),
    items: z.array(navbarItem),
  }),
  footer: z.object({
    style: z.enum(["light", "dark"]).default("light"),
    columns: z.array(z.object({ title: z.string().min(1), items: z.array(link) })),
    copyright: z.string().min(1),
  }),
  colorMode: z
    .object({
      defaultMode: z.enum(["light", "dark"]).default("dark"),
      /** true: dark (or defaultMode) only, no toggle. */
      disableSwitch: z.boolean().default(true),
      /** Follow the system preference until the reader chooses. */
      respectPrefersColorScheme: z.boolean().default(false),
    })
    .default({ defaultMode: "dark", disableSwitch: true, respectPrefersColorScheme: false }),
  announcementBar: z
    .object({
      /** Changing the id shows the bar again to readers who dismissed an earlier one. */
      id: z.string().regex(/^[A-Za-z0-9_-]+$/, "letters, digits, '-' and '_' only"),
      content: z.string().min(1),
      link: link.optional(),
      backgroundColor: cssColor.default("#ffda34"),
      textColor: cssColor.default("#000000"),
      isCloseable: z.boolean().default(true),
    })
    .nullable()
    .default(null),
  search: z
    .object({
      provider: z.enum(["local", "algolia"]).default("local"),
      appId: z.string().default(""),
      apiKey: z.string().default(""),
      indexName: z.string().default("movementnetwork"),
      contextualSearch: z.boolean().default(true),
      searchPagePath: z
        .string()
        .regex(/^[a-z0-9-]+$/)
        .default("search"),
      /** Result URLs matching this regular expression are left as they are (external); others become path + hash. */
      externalUrlRegex: z.string().refine(isRegExp, "not a valid regular expression").optional(),
      /** A regular expression replacement applied to the path of internal result URLs. */
      replaceSearchResultPathname: z
        .object({ from: z.string().refine(isRegExp, "not a valid regular expression"), to: z.string() })
        .optional(),
      /** Where 'Let us know.' leads when a search finds nothing; the query becomes the new issue's title. */
      missingResultsUrl: z.url().default("https://github.com/movementlabsxyz/movement-docs/issues/new"),
    })
    .refine((s) => s.provider !== "algolia" || (s.appId && s.apiKey && s.indexName), {
      message: "appId, apiKey (the public search key) and indexName are required when provider is algolia",
    }),
  assistant: z
    .object({ enabled: z.boolean().default(false), scriptUrl: z.url().optional(), apiKey: z.string().optional() })
    .refine((a) => !a.enabled || !!a.scriptUrl, { message: "scriptUrl is required when the assistant is enabled" })
    .default({ enabled: false }),
  apiExplorer: z.object({ timeoutMs: z.number().int().positive().default(15000) }).default({ timeoutMs: 15000 }),
  editUrl: z.url().nullable().default(null),
  redirects: z.array(z.object({ from: z.string().startsWith("/"), to: z.string().min(1) })).default([]),
  sidebars: z.object({ tutorialSidebar: z.string().min(1), developersSidebar: z.string().min(1) }),
}) satisfies z.ZodType<SiteConfig, unknown>;

export const frontmatterSchema = z
  .object({
    id: z.string().optional(),
    title: z.string().min(1).optional(),
    /** Used for meta tags, search and the cards that list this page. */
    description: z.string().min(1),
    sidebar_label: z.string().min(1).optional(),
    sidebar_position: z.number().optional(),
    /** Absolute ("/x") or relative to the file's folder. */
    slug: z.string().min(1).optional(),
    /** Keep the page out of the generated sidebar (it is still served). */
    unlisted: z.boolean().default(false),
  })
  .strict();
export type Frontmatter = z.output<typeof frontmatterSchema>;

export const categorySchema = z
  .object({
    label: z.string().min(1),
    position: z.number().optional(),
    collapsed: z.boolean().default(false),
    collapsible: z.boolean().default(true),
    description: z.string().optional(),
  })
  .strict();
export type CategoryMeta = z.output<typeof categorySchema>;

/** One readable message per problem: `file: field: message`. */
export function formatIssues(file: string, error: z.ZodError): string {
  return error.issues.map((i) => `${file}: ${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`).join("\n");
}
