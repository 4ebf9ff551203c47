/**
 * "Was this page helpful?" at the end of every doc and API page: Yes / No, an optional reason and
 * note. A plain form: without JavaScript it posts to the worker, which answers with the page again
 * and a thank-you (`answered`); with it, client/boot/feedback.client.ts sends the answer without a
 * reload, remembers it for the page and lets the reader change it. A note under it says what is
 * kept and links the operator's privacy text. It is for people only (`data-markdown-ignore`): the
 * page's Markdown twin, search and MCP text leave it out.
 */
import { FEEDBACK_PATH, FEEDBACK_REASONS, MAX_NOTE_CHARS, type Vote } from "../../common/signals";

/** What the page says after an answer came back without JavaScript. */
export interface FeedbackAnswered {
  vote: Vote;
  /** false when the reader's browser asked not to be recorded (Global Privacy Control, Do Not Track). */
  recorded: boolean;
}

export const thanksText = (answered: FeedbackAnswered) =>
  answered.recorded
    ? `Thank you for your answer (${answered.vote === "yes" ? "Yes" : "No"}). You can change it.`
    : "Thank you. Your browser asks sites not to record you, so your answer was not kept.";

export function Feedback({
  route,
  version,
  privacyUrl,
  answered,
}: {
  route: string;
  version: string;
  privacyUrl: string | null;
  answered: FeedbackAnswered | null;
}) {
  const vote = answered?.recorded ? answered.vote : null;
  return (
    <section
      className="feedback"
      id="feedback"
      aria-labelledby="feedback-title"
      data-feedback-page={route}
      data-markdown-ignore=""
    >
      <form className="feedback-form" method="post" action={FEEDBACK_PATH}>
        <input type="hidden" name="page" value={route} />
        <input type="hidden" name="version" value={version} />
        {/* Answered once without JavaScript: a second answer replaces the first. */}
        {vote ? <input type="hidden" name="previous" value={vote} /> : null}
        <h2 id="feedback-title" className="feedback-title">
          Was this page helpful?
        </h2>
        <div className="feedback-votes">
          <button type="submit" name="vote" value="yes" className="feedback-vote" aria-pressed={vote === "yes"}>
            Yes
          </button>
          <button type="submit" name="vote" value="no" className="feedback-vote" aria-pressed={vote === "no"}>
            No
          </button>
        </div>
        <details className="feedback-more">
          <summary>Add a reason or a note (optional)</summary>
          <div className="feedback-fields">
            <label htmlFor="feedback-reason">Reason</label>
            <select id="feedback-reason" name="reason" defaultValue="">
              <option value="">No reason given</option>
              {FEEDBACK_REASONS.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </select>
            <label htmlFor="feedback-note">Note (up to {MAX_NOTE_CHARS} characters, plain text)</label>
            <textarea id="feedback-note" name="note" rows={3} maxLength={MAX_NOTE_CHARS} />
            <p className="feedback-hint">Then choose Yes or No above to send.</p>
          </div>
        </details>
        <p className="feedback-status" role="status" aria-live="polite">
          {answered ? thanksText(answered) : null}
        </p>
      </form>
      <p className="feedback-privacy">
        We keep answers as daily counts per page, and a note as you wrote it; never your address, a cookie or your
        browser's details.{" "}
        {privacyUrl ? (
          <a href={privacyUrl} rel="noopener">
            Privacy policy
          </a>
        ) : null}
      </p>
    </section>
  );
}
