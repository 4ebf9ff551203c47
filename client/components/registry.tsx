/** Every component a page tree may name. The build rejects names outside COMPONENT_NAMES. */
import type { ComponentType } from "react";
import { Admonition } from "./Admonition";
import { ApiExplorerMount } from "./api/ApiExplorerMount";
import { Card, Cards, DocCardList } from "./Cards";
import { CodeBlock } from "./CodeBlock";
import type { ComponentName } from "./names";
import { NetworkFact, NetworkTable } from "./Networks";
import { TabItem, Tabs } from "./Tabs";

export const registry: Record<ComponentName, ComponentType<never>> = {
  Admonition,
  CodeBlock,
  Tabs,
  TabItem,
  Cards,
  Card,
  DocCardList,
  ApiExplorerMount,
  NetworkTable,
  NetworkFact,
};
