/**
 * Input made before the boot script ran, as the pre-paint script noted it (prepaint.ts): the
 * search it asked for is handed to the keyboard module first, then, once every listener is in
 * place, the clicks on JavaScript-only buttons are made again, in order.
 */
import { EARLY_INPUT, type EarlyInput } from "./prepaint";

const holder = window as unknown as Record<string, EarlyInput | undefined>;

/** The characters typed after a search shortcut pressed before the boot script ran, or null. */
export function earlySearch(): string | null {
  return holder[EARLY_INPUT]?.search ?? null;
}

export function replayEarlyInput(): void {
  const early = holder[EARLY_INPUT];
  if (!early) return;
  early.stop();
  delete holder[EARLY_INPUT];
  for (const button of early.clicks) if (button.isConnected) button.click();
}
