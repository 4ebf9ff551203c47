/** The feedback form's logic: one vote per page per browser, a changed vote names the old one. */
import { describe, expect, it } from "vitest";
import { feedbackBody, feedbackStatus, storedVote } from "./feedback";

const fields = { page: "/devs/faq", version: "current", reason: "", note: "" };

describe("feedbackBody", () => {
  it("sends a first vote alone", () => {
    expect(feedbackBody(fields, "yes", null)).toEqual({ page: "/devs/faq", version: "current", vote: "yes" });
  });

  it("sends a changed vote with the vote it replaces", () => {
    expect(feedbackBody(fields, "no", "yes")).toEqual({
      page: "/devs/faq",
      version: "current",
      vote: "no",
      previous: "yes",
    });
  });

  it("sends nothing for the same vote again, unless it adds a reason or a note", () => {
    expect(feedbackBody(fields, "no", "no")).toBeNull();
    expect(feedbackBody({ ...fields, reason: "missing", note: "  no RPC URL  " }, "no", "no")).toEqual({
      page: "/devs/faq",
      version: "current",
      vote: "no",
      previous: "no",
      reason: "missing",
      note: "no RPC URL",
    });
  });
});

describe("feedbackStatus", () => {
  it("thanks, and says what a change did", () => {
    expect(feedbackStatus({ kind: "sent", vote: "yes", previous: null })).toBe("Thank you for your answer.");
    expect(feedbackStatus({ kind: "sent", vote: "no", previous: "yes" })).toBe("Thank you: your answer is now “No”.");
    expect(feedbackStatus({ kind: "remembered", vote: "yes" })).toMatch(/^You answered “Yes”/);
  });
});

it("reads only a vote from storage", () => {
  expect(storedVote("yes")).toBe("yes");
  expect(storedVote("maybe")).toBeNull();
  expect(storedVote(null)).toBeNull();
});
