/**
 * The feedback form's logic, free of the DOM (client/boot/feedback.client.ts wires it): what a
 * vote sends, given the vote this browser gave the page before, and what the form then says.
 */
import { isVote, type Vote } from "../../common/signals";

export interface FeedbackFields {
  page: string;
  version: string;
  reason: string;
  note: string;
}

export interface FeedbackBody {
  page: string;
  version: string;
  vote: Vote;
  /** The vote this browser gave before: the server moves its count to the new one. */
  previous?: Vote;
  reason?: string;
  note?: string;
}

/** The vote kept in storage for the page, if it is one. */
export const storedVote = (value: string | null): Vote | null => (isVote(value) ? value : null);

/**
 * What a press of `vote` sends, or null when it would send nothing new (the same vote again, with
 * no reason or note to add).
 */
export function feedbackBody(fields: FeedbackFields, vote: Vote, stored: Vote | null): FeedbackBody | null {
  const reason = fields.reason || undefined;
  const note = fields.note.trim() || undefined;
  if (stored === vote && !reason && !note) return null;
  return {
    page: fields.page,
    version: fields.version,
    vote,
    ...(stored ? { previous: stored } : {}),
    ...(reason ? { reason } : {}),
    ...(note ? { note } : {}),
  };
}

const label = (vote: Vote) => (vote === "yes" ? "Yes" : "No");

export type FeedbackOutcome =
  | { kind: "sent"; vote: Vote; previous: Vote | null }
  | { kind: "remembered"; vote: Vote }
  | { kind: "unchanged"; vote: Vote }
  | { kind: "failed" }
  | { kind: "busy" }
  | { kind: "off" };

/** The form's status line (an aria-live region) after each outcome. */
export function feedbackStatus(outcome: FeedbackOutcome): string {
  switch (outcome.kind) {
    case "sent":
      if (outcome.previous && outcome.previous !== outcome.vote)
        return `Thank you: your answer is now “${label(outcome.vote)}”.`;
      return outcome.previous ? "Thank you: your reason and note were added." : "Thank you for your answer.";
    case "remembered":
      return `You answered “${label(outcome.vote)}” for this page. You can change your answer.`;
    case "unchanged":
      return `Your answer is already “${label(outcome.vote)}”. Add a reason or a note to send more.`;
    case "failed":
      return "Your answer could not be sent. Try again.";
    case "busy":
      return "Too many answers from your network just now; try again in a minute.";
    case "off":
      return "Your browser asks sites not to record you (Global Privacy Control or Do Not Track), so this page records no answer.";
  }
}
