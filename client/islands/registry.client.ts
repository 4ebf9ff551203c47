/** Browser registry of islands: each entry loads its code (and React) only when first needed. */
import type { ComponentType } from "react";
import type { IslandName } from "./names";

export type IslandModule = { default: ComponentType<Record<string, unknown>> };

export const islandLoaders: Record<IslandName, () => Promise<IslandModule>> = {
  SearchModal: () => import("./search/SearchModal.island"),
  ApiExplorer: () => import("./api-explorer/ApiExplorer.island"),
};
