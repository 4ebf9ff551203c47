/**
 * A line for AI agents that read a page's HTML: where the page's Markdown version is, and the index
 * of every page (llms.txt). It comes first in the body, where an agent reading the HTML from the
 * top finds it before the page's chrome. People do not see it (visually hidden) and screen readers
 * skip it (aria-hidden): it holds no link, so nothing hidden takes focus. It is not page text: the
 * build's search records and Markdown twins are made from the page tree, which never holds it.
 */
export function AgentDirective({ siteUrl, twinUrl }: { siteUrl: string; twinUrl: string | null }) {
  return (
    <p className="visually-hidden" aria-hidden="true" data-agent-directive="">
      {`For AI agents: ${twinUrl ? `this page as Markdown is at ${twinUrl}. ` : ""}The index of every page is at ${siteUrl}/llms.txt.`}
    </p>
  );
}
