/**
 * Schemas for what authors write: the site configuration (content/site.yaml), page frontmatter and
 * folder metadata (_category_.json). Every object is strict: an unknown key fails the build, naming
 * the closest known one. Validation runs at build time only; the runtime gets the resolved object
 * (its type, SiteConfig, is `z.output` of the schema below).
 */
import { z } from "zod";
import { DEFAULT_RETENTION_DAYS, DEFAULT_ROW_BUDGET } from "../signals";
import { strictObject } from "./strict";

const link = strictObject({ label: z.string().min(1), href: z.string().min(1) });
const position = z.enum(["left", "right"]).default("left");

const navbarItem = z.discriminatedUnion("type", [
  /** Leads to the first page of a section; `sidebarId` names one declared under `sections`. */
  strictObject({ type: z.literal("docSidebar"), label: z.string().min(1), sidebarId: z.string().min(1), position }),
  strictObject({ type: z.literal("search"), position }),
  strictObject({ type: z.literal("link"), label: z.string().min(1), href: z.string().min(1), position }),
  strictObject({ type: z.literal("dropdown"), label: z.string().min(1), position, items: z.array(link).min(1) }),
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

/** One part of the site with its own sidebar (Learn, Build, the Node API reference). */
const section = strictObject({
  /** The sidebar id: page records, the manifest's sidebars and navbar items name the section by it. */
  id: z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, "letters and digits, starting with a letter"),
  /** The sidebar's name, and the first level of every search result from the section. */
  label: z.string().min(1),
  /** Where its pages live: a folder under content/docs, or (source openapi) the URL folder of the generated pages. */
  folder: z.string().regex(/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/, "a folder path without leading or trailing /"),
  /** content: the MDX pages under content/docs/<folder>; openapi: the reference generated from openapi/node.yaml. */
  source: z.enum(["content", "openapi"]).default("content"),
});

/**
 * A version of the docs: the current one (content/docs, served from the site's root) or a frozen
 * earlier one (content/versions/<name>: its own pages, networks.yaml, search/synonyms.json and
 * openapi/node.yaml, served under its prefix).
 */
const docsVersion = strictObject({
  /** Names the version: its folder under content/versions, its search facet (docusaurus_tag docs-default-<name>), MCP's `version`. */
  name: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]*$/, "lower-case letters, digits, '.' and '-', starting with a letter or digit"),
  /** What the version menu and the banner call it, e.g. "2025 network". */
  label: z.string().min(1),
  /** The URL prefix its pages are served under: "/" for the current version, e.g. "/2025/" for another. */
  prefix: z
    .string()
    .regex(/^\/([A-Za-z0-9._~-]+\/)*$/, 'must start and end with "/" (e.g. "/" or "/2025/")')
    .default("/"),
  /** current: the docs of the network as it runs now (one version); legacy: an earlier network's, noindex and out of the sitemap. */
  status: z.enum(["current", "legacy"]),
  /** What a legacy version's pages document, for their banner and llms.txt, e.g. "Movement as it ran in 2025". Defaults to the label. */
  documents: z.string().min(1).optional(),
});

export const CURRENT_VERSION = "current";

export const siteConfigSchema = strictObject({
  /** Document title suffix and brand. */
  title: z.string().min(1),
  /** One sentence about the network, for llms.txt. */
  tagline: z.string().default(""),
  /** Production origin, used for canonical URLs, the sitemap and search records; a trailing / is dropped. */
  url: z.url().transform((u) => u.replace(/\/+$/, "")),
  /** Path prefix the site lives under, starting and ending with "/": "/" (the root) or e.g. "/docs/". */
  baseUrl: z
    .string()
    .regex(
      /^\/([A-Za-z0-9._~-]+\/)*$/,
      'must start and end with "/" and hold only letters, digits, ".", "_", "~" and "-" between (e.g. "/" or "/docs/")',
    )
    .default("/"),
  /** true: routes end in "/"; false: never; null: as the files give them (the old site's default). */
  trailingSlash: z.boolean().nullable().default(null),
  /** One locale for now; localeUrl (client/layout/locale-url.ts) is ready for more. */
  i18n: strictObject({
    defaultLocale: z.literal("en"),
    locales: z
      .array(strictObject({ code: z.literal("en"), direction: z.enum(["ltr", "rtl"]).default("ltr") }))
      .length(1),
  }).default({ defaultLocale: "en", locales: [{ code: "en", direction: "ltr" }] }),
  /** The navbar's brand image. */
  logo: strictObject({ alt: z.string().min(1), src: z.string().min(1) }),
  navbar: strictObject({
    /** Text beside the logo. */
    title: z.string().min(1),
    /** Hide the navbar while scrolling down, show it again on scroll up. */
    hideOnScroll: z.boolean().default(false),
    /** In order; left items first, then right ones. */
    items: z.array(navbarItem),
  }),
  footer: strictObject({
    style: z.enum(["light", "dark"]).default("light"),
    /** Columns of links, each under a title. */
    columns: z.array(strictObject({ title: z.string().min(1), items: z.array(link) })),
    copyright: z.string().min(1),
  }),
  colorMode: strictObject({
    defaultMode: z.enum(["light", "dark"]).default("dark"),
    /** true: dark (or defaultMode) only, no toggle. */
    disableSwitch: z.boolean().default(true),
    /** Follow the system preference until the reader chooses. */
    respectPrefersColorScheme: z.boolean().default(false),
  }).default({ defaultMode: "dark", disableSwitch: true, respectPrefersColorScheme: false }),
  /** A bar above the navbar; null for none. */
  announcementBar: strictObject({
    /** Changing the id shows the bar again to readers who dismissed an earlier one. */
    id: z.string().regex(/^[A-Za-z0-9_-]+$/, "letters, digits, '-' and '_' only"),
    /** Plain text (no HTML); the link, if any, follows it. */
    content: z.string().min(1),
    link: link.optional(),
    backgroundColor: cssColor.default("#ffda34"),
    textColor: cssColor.default("#000000"),
    /** Whether the reader can dismiss it (remembered per id). */
    isCloseable: z.boolean().default(true),
  })
    .nullable()
    .default(null),
  search: strictObject({
    /** local: the index built with the site, answered by the worker; algolia: a hosted index. */
    provider: z.enum(["local", "algolia"]).default("local"),
    /** Algolia application id (provider algolia). */
    appId: z.string().default(""),
    /** Algolia's public search key, never the admin key (provider algolia). */
    apiKey: z.string().default(""),
    indexName: z.string().default("movementnetwork"),
    /** Send DocSearch's language and version facet filters with each query. */
    contextualSearch: z.boolean().default(true),
    /** Path of the server-rendered search page, without slashes. */
    searchPagePath: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .default("search"),
    /** Result URLs matching this regular expression are left as they are (external); others become path + hash. */
    externalUrlRegex: z.string().refine(isRegExp, "not a valid regular expression").optional(),
    /** A regular expression replacement applied to the path of internal result URLs. */
    replaceSearchResultPathname: strictObject({
      from: z.string().refine(isRegExp, "not a valid regular expression"),
      to: z.string(),
    }).optional(),
    /** Where 'Let us know.' leads when a search finds nothing; the query becomes the new issue's title. */
    missingResultsUrl: z.url().default("https://github.com/movementlabsxyz/movement-docs/issues/new"),
  }).refine((s) => s.provider !== "algolia" || (s.appId && s.apiKey && s.indexName), {
    message: "appId, apiKey (the public search key) and indexName are required when provider is algolia",
  }),
  /** The optional chat assistant widget; its token comes from DOCS_ASSISTANT_TOKEN, never from this file. */
  assistant: strictObject({
    enabled: z.boolean().default(false),
    /** Script URL of the widget; its origin is allowed by the CSP only when enabled. */
    scriptUrl: z.url().optional(),
    apiKey: z.string().optional(),
  })
    .refine((a) => !a.enabled || !!a.scriptUrl, { message: "scriptUrl is required when the assistant is enabled" })
    .default({ enabled: false }),
  /** The docs' MCP server at /mcp (worker/mcp), its server card and catalog; off, they answer 404. */
  mcp: strictObject({ enabled: z.boolean().default(true) }).default({ enabled: true }),
  /**
   * The actions beside each page's title: copy the page's Markdown, view it, open it in an
   * assistant, and (with the MCP server on) copy the MCP server's URL.
   */
  pageActions: strictObject({ enabled: z.boolean().default(true) }).default({ enabled: true }),
  /**
   * What readers and agents could not find, stored in the operator's own D1 database (worker/signals):
   * "Was this page helpful?" at the end of every page, the searches' final queries, agents' reports.
   * Off, the form is not shown and nothing is recorded. Without the SIGNALS binding nothing is
   * recorded either (the worker logs it once).
   */
  signals: strictObject({
    enabled: z.boolean().default(true),
    /** Days a signal is kept; the daily scheduled run deletes older ones. */
    retentionDays: z.number().int().min(1).max(3650).default(DEFAULT_RETENTION_DAYS),
    /** Rows the database may hold; past it new rows are dropped (counts of rows that exist still grow). */
    rowBudget: z.number().int().min(1000).max(100_000_000).default(DEFAULT_ROW_BUDGET),
    /** The operator's privacy text, linked from the note beside the feedback form; null for none. */
    privacyUrl: z.url().nullable().default(null),
  }).default({
    enabled: true,
    retentionDays: DEFAULT_RETENTION_DAYS,
    rowBudget: DEFAULT_ROW_BUDGET,
    privacyUrl: null,
  }),
  /** The "Try it" explorer of API pages. */
  apiExplorer: strictObject({
    /** How long the explorer waits for the node before giving up, in milliseconds. */
    timeoutMs: z.number().int().positive().default(15000),
  }).default({ timeoutMs: 15000 }),
  /** Prefix of "Edit this page" links; the page's source path under content/docs is appended. */
  editUrl: z.url().nullable().default(null),
  /** Permanent redirects, from a path to a route or URL. */
  redirects: z.array(strictObject({ from: z.string().startsWith("/"), to: z.string().min(1) })).default([]),
  /** The site's sections, in order; declared here only, read by the build, the worker and the client. */
  sections: z
    .array(section)
    .min(1)
    .superRefine((sections, ctx) => {
      for (const key of ["id", "folder"] as const) {
        const seen = new Set<string>();
        sections.forEach((s, i) => {
          if (seen.has(s[key]))
            ctx.addIssue({ code: "custom", path: [i, key], message: `"${s[key]}" is declared twice` });
          seen.add(s[key]);
        });
      }
      if (sections.filter((s) => s.source === "openapi").length > 1)
        ctx.addIssue({ code: "custom", message: "only one section can hold the generated API reference" });
    }),
  /**
   * The docs versions, declared here only. The current one (named "current", prefix "/") is
   * content/docs; each legacy one is content/versions/<name> under its own prefix.
   */
  versions: z
    .array(docsVersion)
    .min(1)
    .superRefine((versions, ctx) => {
      for (const key of ["name", "prefix"] as const) {
        const seen = new Set<string>();
        versions.forEach((v, i) => {
          if (seen.has(v[key]))
            ctx.addIssue({ code: "custom", path: [i, key], message: `"${v[key]}" is declared twice` });
          seen.add(v[key]);
        });
      }
      const current = versions.filter((v) => v.status === "current");
      if (current.length !== 1)
        ctx.addIssue({ code: "custom", message: `exactly one version has status current (${current.length} do)` });
      versions.forEach((v, i) => {
        if (v.status === "current" && (v.name !== CURRENT_VERSION || v.prefix !== "/"))
          ctx.addIssue({
            code: "custom",
            path: [i],
            message: `the current version is named "${CURRENT_VERSION}" and served at prefix "/" (it is content/docs)`,
          });
        if (v.status === "legacy" && v.prefix === "/")
          ctx.addIssue({
            code: "custom",
            path: [i, "prefix"],
            message: `version "${v.name}" needs a prefix of its own, e.g. "/${v.name}/"`,
          });
      });
    })
    .default([{ name: CURRENT_VERSION, label: "Next", prefix: "/", status: "current" }]),
}).superRefine((config, ctx) => {
  const ids = config.sections.map((s) => s.id);
  config.navbar.items.forEach((item, i) => {
    if (item.type === "docSidebar" && !ids.includes(item.sidebarId))
      ctx.addIssue({
        code: "custom",
        path: ["navbar", "items", i, "sidebarId"],
        message: `"${item.sidebarId}" is not a section id (sections: ${ids.join(", ")})`,
      });
  });
});

/** The resolved site configuration: what the build ships in the manifest and the runtime reads. */
export type SiteConfig = z.output<typeof siteConfigSchema>;
export type SectionConfig = SiteConfig["sections"][number];
export type VersionConfig = SiteConfig["versions"][number];

export const frontmatterSchema = strictObject({
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
  /**
   * The page on the same subject in other docs versions, by version name, where it is not at the
   * same route (a page that moved): the version menu, the legacy banner and the canonical link use it.
   */
  counterparts: z.record(z.string(), z.string().startsWith("/")).optional(),
});
export type Frontmatter = z.output<typeof frontmatterSchema>;

export const categorySchema = strictObject({
  label: z.string().min(1),
  position: z.number().optional(),
  collapsed: z.boolean().default(false),
  collapsible: z.boolean().default(true),
  description: z.string().optional(),
});
export type CategoryMeta = z.output<typeof categorySchema>;

/**
 * One readable message per problem: `file: key.path: message`. An unknown key is named in the path
 * (`navbar.hideOnScrol: unknown key (did you mean "hideOnScroll"?)`).
 */
export function formatIssues(file: string, error: z.ZodError): string {
  return error.issues
    .map((i) => {
      const path = i.code === "unrecognized_keys" && i.keys.length === 1 ? [...i.path, i.keys[0]] : i.path;
      return `${file}: ${path.length ? path.join(".") : "(root)"}: ${i.message}`;
    })
    .join("\n");
}
