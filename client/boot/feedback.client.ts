/**
 * "Was this page helpful?" with JavaScript (client/layout/Feedback.tsx is the form): a vote is
 * sent without a reload and remembered for the page in browser storage, a later vote changes it,
 * and the status line says what happened. A browser that asks not to be recorded is told so and
 * shown no form.
 */
import { DEFAULT_VERSION, FEEDBACK_PATH, feedbackStorageKey, isVote, type Vote } from "../../common/signals";
import { feedbackBody, feedbackStatus, storedVote, type FeedbackOutcome } from "./feedback";
import { readStorage, writeStorage } from "./storage.client";
import { recordingAllowed, sendSignal } from "./signals.client";

const version = () => document.documentElement.dataset.docsVersion ?? DEFAULT_VERSION;

function parts(form: HTMLFormElement) {
  const section = form.closest<HTMLElement>(".feedback")!;
  return {
    section,
    page: section.dataset.feedbackPage ?? "",
    status: form.querySelector<HTMLElement>(".feedback-status")!,
    votes: [...form.querySelectorAll<HTMLButtonElement>(".feedback-vote")],
    reason: form.querySelector<HTMLSelectElement>("select[name=reason]")!,
    note: form.querySelector<HTMLTextAreaElement>("textarea[name=note]")!,
    more: form.querySelector<HTMLDetailsElement>(".feedback-more"),
  };
}

function show(form: HTMLFormElement, vote: Vote | null, outcome: FeedbackOutcome | null): void {
  const p = parts(form);
  for (const b of p.votes) b.setAttribute("aria-pressed", String(b.value === vote));
  if (outcome) p.status.textContent = feedbackStatus(outcome);
}

/** The form of the page shown: the answer remembered for it, or no form for a reader who asked not to be recorded. */
function restore(): void {
  const form = document.querySelector<HTMLFormElement>(".feedback-form");
  if (!form) return;
  const p = parts(form);
  if (!recordingAllowed()) {
    p.section.dataset.state = "off";
    p.section.querySelector<HTMLElement>(".feedback-off")?.remove();
    const note = document.createElement("p");
    note.className = "feedback-off";
    note.setAttribute("role", "status");
    note.textContent = feedbackStatus({ kind: "off" });
    p.section.prepend(note);
    return;
  }
  const stored = storedVote(readStorage(feedbackStorageKey(version(), p.page)));
  // The form's answer page (no JavaScript) shows its own thank-you; storage says nothing new there.
  if (stored && !p.status.textContent) show(form, stored, { kind: "remembered", vote: stored });
}

async function submit(form: HTMLFormElement, vote: Vote): Promise<void> {
  const p = parts(form);
  const key = feedbackStorageKey(version(), p.page);
  const stored = storedVote(readStorage(key));
  const body = feedbackBody(
    { page: p.page, version: version(), reason: p.reason.value, note: p.note.value },
    vote,
    stored,
  );
  if (!body) return show(form, vote, { kind: "unchanged", vote });
  for (const b of p.votes) b.disabled = true;
  try {
    const res = await sendSignal(FEEDBACK_PATH, body);
    if (res.status === 429) return show(form, stored, { kind: "busy" });
    if (!res.ok) return show(form, stored, { kind: "failed" });
    writeStorage(key, vote);
    p.reason.value = "";
    p.note.value = "";
    if (p.more) p.more.open = false;
    show(form, vote, { kind: "sent", vote, previous: stored });
  } catch {
    show(form, stored, { kind: "failed" });
  } finally {
    for (const b of p.votes) b.disabled = false;
  }
}

export function setupFeedback(): void {
  document.addEventListener("submit", (e) => {
    const form = (e.target as Element | null)?.closest?.<HTMLFormElement>("form.feedback-form");
    if (!form) return;
    e.preventDefault();
    const vote = (e.submitter as HTMLButtonElement | null)?.value;
    if (isVote(vote) && recordingAllowed()) void submit(form, vote);
  });
  document.addEventListener("docs:navigated", restore);
  restore();
}
