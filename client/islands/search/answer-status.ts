/**
 * What the modal's live region says when an answer shows. DocSearch changes its list silently, so
 * a screen reader hears nothing after a keystroke; the region (role="status", polite) names the
 * result count and the query it answers, and says nothing for the empty box, whose recent
 * searches are not an answer.
 */
export function answerStatus(answer: { query: string; hits: number } | null): string {
  const query = answer?.query.trim();
  if (!answer || !query) return "";
  if (answer.hits === 0) return `No results for “${query}”`;
  return `${answer.hits} ${answer.hits === 1 ? "result" : "results"} for “${query}”`;
}
