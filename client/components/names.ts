/**
 * Names of the components MDX pages and generated pages may use. The build rejects any other
 * name; client/components/registry.tsx must map exactly these (checked by its type).
 */
export const COMPONENT_NAMES = [
  "Admonition",
  "CodeBlock",
  "Tabs",
  "TabItem",
  "Cards",
  "Card",
  "DocCardList",
  "ApiExplorerMount",
  "NetworkTable",
  "NetworkFact",
] as const;

export type ComponentName = (typeof COMPONENT_NAMES)[number];
