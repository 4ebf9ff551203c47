/**
 * Accessibility in the light mode: a test configuration, a copy of the real site with the colour
 * switch enabled and light by default (the shipped site is dark only), checked as the dark mode is
 * (test/helpers/a11y-suite.ts).
 */
import { describeColourMode } from "../helpers/a11y-suite";
import { serveSite } from "../helpers/local-site";
import { lightMode, repoSiteWith } from "../helpers/repo-site";

describeColourMode("light", async () => {
  const content = await repoSiteWith(lightMode);
  const site = await serveSite(content.root);
  return {
    site,
    async stop() {
      await site.stop();
      await content.remove();
    },
  };
});
