/**
 * Accessibility in the dark mode the site ships with: axe-core on every route of the real site, a
 * phone-width sample and the search modal's states (test/helpers/a11y-suite.ts). The light mode has
 * a file of its own, so the two crawls run side by side.
 */
import { describeColourMode } from "../helpers/a11y-suite";
import { REPO_ROOT, serveSite } from "../helpers/local-site";

describeColourMode("dark", async () => {
  const site = await serveSite(REPO_ROOT);
  return { site, stop: () => site.stop() };
});
