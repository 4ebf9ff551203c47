/**
 * The boot script: small always-on behaviours wired to the server-rendered markup, with no React.
 * Everything degrades to the plain HTML when JavaScript is off. Rich widgets are islands, loaded
 * on demand (client/islands).
 */
import "../styles/site.css";
import { startIslands } from "../islands/hydrate.client";
import { setupAnnouncement } from "./announcement.client";
import { setupChrome } from "./chrome.client";
import { setupCopyButtons } from "./code-copy.client";
import { setupDrawer } from "./drawer.client";
import { replayEarlyInput } from "./early-input.client";
import { setupFeedback } from "./feedback.client";
import { setupKeyboard } from "./keyboard.client";
import { setupMovedAnchors } from "./moved-anchors.client";
import { setupNavigation } from "./navigation.client";
import { setupPageCopy } from "./page-copy.client";
import { setupPageMenu } from "./page-menu.client";
import { setupPermalinks } from "./permalink.client";
import { setupSearchPageSignals } from "./search-signals.client";
import { setupSiteChecks } from "./site-checks.client";
import { setupTabs } from "./tabs.client";
import { setupTheme } from "./theme.client";
import { setupVersions } from "./versions.client";

setupTheme();
setupAnnouncement();
setupCopyButtons();
setupPageCopy();
setupPermalinks();
setupPageMenu();
setupTabs();
setupDrawer();
setupChrome();
setupKeyboard();
setupNavigation();
setupMovedAnchors();
setupVersions();
setupFeedback();
setupSearchPageSignals();
startIslands();
setupSiteChecks();
// Last: every listener above is in place.
replayEarlyInput();
