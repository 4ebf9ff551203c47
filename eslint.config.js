// @ts-check
/**
 * Lint: typescript-eslint on every runtime, plus the import rules that keep the architecture visible
 * (what runs where: README.md, client/README.md, worker/README.md). Formatting is Prettier's
 * (`npm run format`); eslint-config-prettier turns off the style rules that would fight it.
 */
import { readFileSync } from "node:fs";
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import nodePlugin from "eslint-plugin-n";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));

const TESTS = ["**/*.test.ts", "**/*.test.tsx", "test/**"];

/** An import specifier that reaches into one of these top-level folders. */
const into = (...folders) => `^(\\.\\./)+(${folders.join("|")})(/|$)`;

/** `no-restricted-imports` options: the folders a part may not import, and (for shipped code) the dev-only packages. */
function restricted(folders, message, devPackages = []) {
  return [
    "error",
    {
      paths: devPackages.map((name) => ({
        name,
        message: `${name} is a devDependency: shipped code imports only runtime dependencies.`,
      })),
      patterns: [
        ...(folders.length ? [{ regex: into(...folders), message }] : []),
        ...devPackages.map((name) => ({
          regex: `^${name.replace(/[/.]/g, "\\$&")}/`,
          message: `${name} is a devDependency.`,
        })),
      ],
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      ".wrangler/",
      "bench-results/",
      "insights-results/",
      "test-results/",
      "client/styles/generated/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { n: nodePlugin, "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.node } },
    settings: { n: { tryExtensions: [".ts", ".tsx", ".js", ".json"] } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Every package imported is declared in package.json.
      "n/no-extraneous-import": "error",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
  },
  // The boundaries. client/ ships to the browser and is rendered by the worker: it imports neither
  // worker/ nor build-time code. worker/ is the deployed bundle: nothing build-time reaches it.
  // Build-time code shares data shapes through common, never through the worker (the
  // bench alone loads the worker's code, to measure it).
  {
    files: ["client/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": restricted(
        ["worker", "scripts", "openapi", "test"],
        "client/ never imports worker/, scripts/, openapi/ or test/.",
        Object.keys(pkg.devDependencies),
      ),
    },
  },
  {
    files: ["worker/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": restricted(
        ["scripts", "openapi", "test"],
        "worker/ never imports build-time code (scripts/, openapi/) or tests.",
        Object.keys(pkg.devDependencies),
      ),
    },
  },
  {
    files: ["client/**/*.test.ts"],
    rules: {
      "no-restricted-imports": restricted(
        ["worker", "scripts", "openapi"],
        "client/ never imports worker/, scripts/ or openapi/.",
      ),
    },
  },
  {
    files: ["scripts/**/*.ts", "openapi/**/*.ts"],
    ignores: ["scripts/bench/**"],
    rules: {
      "no-restricted-imports": restricted(
        ["worker"],
        "build-time code shares data shapes through common, not the worker.",
      ),
    },
  },
  prettier,
);
