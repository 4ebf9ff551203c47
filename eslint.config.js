// @ts-check
/**
 * Lint: typescript-eslint on every runtime, plus the import rules that keep the architecture visible
 * (what runs where: README.md, client/README.md, worker/README.md). Formatting is Prettier's
 * (`npm run format`); eslint-config-prettier turns off the style rules that would fight it.
 */
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const resolver = createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json", ".css"] });

/** Code that ships: the worker bundle and the browser bundle. */
const RUNTIME = ["worker/**/*.{ts,tsx}", "client/**/*.{ts,tsx}"];
const TESTS = ["**/*.test.ts", "**/*.test.tsx", "test/**"];

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", ".wrangler/", "bench-results/", "test-results/", "client/styles/generated/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "import-x": importX, "react-hooks": reactHooks },
    settings: { "import-x/resolver-next": [resolver] },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "import-x/no-duplicates": "error",
      "import-x/no-self-import": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // Every package imported is declared; code that ships imports only runtime dependencies.
      "import-x/no-extraneous-dependencies": ["error", { devDependencies: true }],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: RUNTIME,
    ignores: TESTS,
    rules: { "import-x/no-extraneous-dependencies": ["error", { devDependencies: false }] },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The boundaries: client never imports worker/, scripts/ or openapi/; the worker never imports
    // build-time code; build-time code never reaches into the worker.
    files: ["**/*.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./client",
              from: ["./worker", "./scripts", "./openapi", "./test"],
              message: "client/ ships to the browser and is rendered by the worker: it imports neither.",
            },
            {
              target: "./worker",
              from: ["./scripts", "./openapi", "./test"],
              message: "worker/ is the deployed bundle: build-time code must not reach it.",
            },
          ],
        },
      ],
    },
  },
  {
    // The bench is the one build-time tool allowed to load the worker's code: it measures it.
    files: ["scripts/**/*.ts", "openapi/**/*.ts"],
    ignores: ["scripts/bench/**"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: ["./scripts", "./openapi"],
              from: "./worker",
              message: "build-time code shares data shapes through client/contracts, not the worker.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
