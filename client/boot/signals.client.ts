/**
 * Sends a signal to the worker (worker/signals) as a keep-alive request, so one sent as the page
 * is left still arrives; failures are ignored by callers that do not show them. Nothing is sent
 * when the browser asks not to be recorded (Global Privacy Control, Do Not Track).
 */
import { withBase } from "../../common/base-url";
import { asksNotToRecord } from "../../common/signals";

/** Whether this reader's browser lets the site record signals. */
export const recordingAllowed = (): boolean =>
  !asksNotToRecord(navigator as Navigator & { globalPrivacyControl?: unknown });

export function sendSignal(path: string, body: unknown): Promise<Response> {
  return fetch(withBase(document.documentElement.dataset.baseUrl ?? "/", path), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    keepalive: true,
    credentials: "omit",
  });
}
