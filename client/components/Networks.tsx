/**
 * Network facts from content/networks.yaml. The build (common/build/networks.ts) fills in the
 * table rows or the value, so these only give them a place on the page.
 */
import type { ReactNode } from "react";

export function NetworkTable({ children }: { network?: string; children?: ReactNode }) {
  return <div className="network-table">{children}</div>;
}

export function NetworkFact({ children }: { network: string; fact: string; children?: ReactNode }) {
  return <>{children}</>;
}
