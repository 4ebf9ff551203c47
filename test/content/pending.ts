/**
 * Violations of the wording checks on pages that other branches of issue 41 are rewriting (the
 * Learn pages, the SDK, wallet and oracle pages), recorded so that the checks can run over every
 * page now. Keyed by page, then by the term or phrase reported (lower case). Each entry must still
 * occur: once its page is fixed the test names the entry to delete. Never add an entry for a page
 * you are writing.
 */
export type Pending = Record<string, string[]>;

/** sequencerInPresentTense: the 2025 design stated as current. */
export const PENDING_SEQUENCER: Pending = {
  "general/Introduction/interop_security.mdx": ["shared sequencer"],
  "general/Introduction/move_components.mdx": [
    "da-sequencer",
    "shared sequencer",
    "shared sequencers",
    "superblock",
    "postconfirmation",
  ],
  "general/Introduction/technical_details.mdx": ["shared sequencer", "da-sequencer", "postconfirmations"],
  "general/Mainnet/high_level_architecture.mdx": [
    "da-sequencer",
    "celestia",
    "superblock",
    "postconfirmations",
    "postconfirmation",
  ],
  "general/Mainnet/index.mdx": ["da-sequencer", "settlement on ethereum"],
  "general/Mainnet/node_level_architecture.mdx": ["da-sequencer", "follower node"],
};

/** selfReferences: sentences about the docs rather than the network. */
export const PENDING_SELF_REFERENCES: Pending = {
  "devs/interactonchain/tsSdk.mdx": ["the docs'", "docs' tests", "these pages"],
  "devs/interactonchain/wallet-adapter/templates.mdx": ["these docs"],
  "devs/interactonchain/wallet-adapter/useWallet/signAndSubmitTx.mdx": ["these docs"],
  "devs/oracles.mdx": ["these docs", "sources these"],
  "general/Introduction/move_components.mdx": ["these docs", "sources these", "docs are written from"],
  "general/Introduction/technical_details.mdx": ["these docs", "sources these", "docs are written from"],
  "general/Mainnet/high_level_architecture.mdx": ["these docs", "sources these", "docs are written from"],
  "general/Mainnet/node_level_architecture.mdx": ["these docs", "sources these", "docs are written from"],
  "general/UsingMovement/faucet.mdx": ["these pages", "when these pages were written"],
  "general/intro.mdx": ["these pages", "these docs"],
};

/** Problems not covered by `pending`, and pending entries no problem matches any more. */
export function againstPending(problems: string[], pending: Pending): { unexpected: string[]; stale: string[] } {
  const key = (problem: string) => {
    const page = /^content\/docs\/(.+?):\d+:/.exec(problem)?.[1] ?? "";
    const term = (/"([^"]+)"/.exec(problem)?.[1] ?? "").toLowerCase();
    return { page, term };
  };
  const keys = problems.map(key);
  const unexpected = problems.filter((_, i) => !pending[keys[i]!.page]?.includes(keys[i]!.term));
  const stale = Object.entries(pending).flatMap(([page, terms]) =>
    terms.filter((t) => !keys.some((k) => k.page === page && k.term === t)).map((t) => `${page}: "${t}"`),
  );
  return { unexpected, stale };
}
