/**
 * Builds the browser side: the boot script and the stylesheet (hashed, immutable) plus the files in
 * client/public. The worker reads dist/client/.vite/asset-manifest.json to link them. The worker itself
 * is bundled by wrangler (see wrangler.toml).
 */
import { defineConfig } from "vite";

export default defineConfig({
  publicDir: "client/public",
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    // Named so it is not mistaken for the content build's manifest.json.
    manifest: ".vite/asset-manifest.json",
    target: "es2022",
    modulePreload: false,
    rollupOptions: {
      input: { boot: "client/boot/boot.client.ts" },
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  },
});
