/** URLs of the hashed client assets, read from Vite's manifest at bundle time. */
import viteManifest from "../../dist/client/.vite/asset-manifest.json";
import type { AssetUrls } from "../../client/layout/Document";

type ViteManifest = Record<string, { file: string; css?: string[] }>;

const boot = (viteManifest as ViteManifest)["client/boot/boot.client.ts"];
if (!boot) throw new Error("dist/client/.vite/asset-manifest.json has no boot entry; run npm run build:client");

export const assets: AssetUrls = {
  boot: `/${boot.file}`,
  css: `/${boot.css?.[0] ?? ""}`,
};
