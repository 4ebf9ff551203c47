/**
 * What the stages of a build report as they go: warnings (kept for the result, and failing a strict
 * build), notices (printed like warnings, never counted: things resolved by design), and the error
 * that stops a build with a message for its author rather than a stack.
 */

/** A build stopped by its content (invalid input, broken links in a strict build): the message says what to fix. */
export class BuildFailed extends Error {}

export class BuildLog {
  readonly warnings: string[] = [];

  /** `print` shows each message as it comes (the command line prints them; tests collect them). */
  constructor(private readonly print?: (message: string) => void) {}

  readonly warn = (message: string): void => {
    this.warnings.push(message);
    this.print?.(message);
  };

  readonly notice = (message: string): void => {
    this.print?.(message);
  };

  /** Stops a strict build that warned: broken links, broken anchors and duplicate routes are errors there. */
  failOnWarnings(): void {
    if (this.warnings.length)
      throw new BuildFailed(`strict build: ${this.warnings.length} warning(s)\n${this.warnings.join("\n")}`);
  }
}
