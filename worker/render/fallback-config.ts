/**
 * The chrome used for the crash page when no manifest could be read (KV unreachable): just enough
 * to show the brand, the error and a way back.
 */
import type { SiteConfig } from "../../common/site-config";
import { DEFAULT_VERSIONS } from "../../common/versions";

export const fallbackConfig: SiteConfig = {
  title: "Movement Network | Movement",
  tagline: "",
  url: "https://docs.movementnetwork.xyz",
  baseUrl: "/",
  trailingSlash: null,
  i18n: { defaultLocale: "en", locales: [{ code: "en", direction: "ltr" }] },
  logo: { alt: "Movement Network Logo", src: "/img/logo.svg" },
  navbar: { title: "Movement", hideOnScroll: false, items: [] },
  footer: { style: "light", columns: [], copyright: "Copyright © 2025 Movement Foundation." },
  colorMode: { defaultMode: "dark", disableSwitch: true, respectPrefersColorScheme: false },
  announcementBar: null,
  search: {
    provider: "local",
    appId: "",
    apiKey: "",
    indexName: "",
    contextualSearch: true,
    searchPagePath: "search",
    missingResultsUrl: "https://github.com/movementlabsxyz/movement-docs/issues/new",
  },
  mcp: { enabled: true },
  pageActions: { enabled: true },
  // The crash page has no feedback form: nothing to say about a page that did not load.
  signals: { enabled: false, retentionDays: 90, rowBudget: 1_000_000, privacyUrl: null },
  assistant: { enabled: false },
  apiExplorer: { timeoutMs: 15000 },
  editUrl: null,
  redirects: [],
  sections: [],
  versions: [...DEFAULT_VERSIONS],
};
