// @ts-check
/**
 * Lint: typescript-eslint on every runtime, plus the import rules that keep the architecture visible
 * (what runs where: README.md, common/README.md, client/README.md, worker/README.md). Formatting is Prettier's
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
  // The boundaries, folders importing downward only: scripts/ and openapi/ (build time) above
  // worker/, worker/ above client/, all of them above common/, which imports none of them.
  // client/ ships to the browser and is rendered by the worker: it imports neither worker/ nor
  // build-time code. worker/ is the deployed bundle: nothing build-time reaches it. Build-time code
  // shares data shapes through common/, never through the worker (the bench alone loads the
  // worker's code, to measure it); openapi/ does not import scripts/, which imports it.
  // common/build/ and common/config/ are the build-time part of common/ (Shiki, hast, the network
  // table, the site.yaml schema): shipped code imports neither (the config's type comes through
  // common/site-config.ts), and only they may import devDependencies.
  {
    files: ["client/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": restricted(
        ["worker", "scripts", "openapi", "test", "common/build", "common/config"],
        "client/ never imports worker/, scripts/, openapi/, test/ or the build-time part of common/.",
        Object.keys(pkg.devDependencies),
      ),
    },
  },
  {
    files: ["worker/**/*.{ts,tsx}"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": restricted(
        ["scripts", "openapi", "test", "common/build", "common/config"],
        "worker/ never imports build-time code (scripts/, openapi/, common/build/, common/config/) or tests.",
        Object.keys(pkg.devDependencies),
      ),
    },
  },
  {
    files: ["common/**/*.ts"],
    ignores: [...TESTS, "common/build/**", "common/config/**"],
    rules: {
      "no-restricted-imports": restricted(
        ["worker", "client", "scripts", "openapi", "test"],
        "common/ imports none of the folders that use it.",
        Object.keys(pkg.devDependencies),
      ),
    },
  },
  {
    files: ["common/build/**/*.ts", "common/config/**/*.ts", "common/**/*.test.ts"],
    rules: {
      "no-restricted-imports": restricted(
        ["worker", "client", "scripts", "openapi", "test"],
        "common/ imports none of the folders that use it.",
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
    files: ["scripts/**/*.ts"],
    ignores: ["scripts/bench/**"],
    rules: {
      "no-restricted-imports": restricted(
        ["worker"],
        "build-time code shares data shapes through common/, not the worker.",
      ),
    },
  },
  {
    files: ["openapi/**/*.ts"],
    ignores: TESTS,
    rules: {
      "no-restricted-imports": restricted(
        ["worker", "scripts"],
        "openapi/ shares code with the build through common/: scripts/ imports openapi/, never the other way.",
      ),
    },
  },
  {
    // A test of the API reference may check it against the build's own code (its Markdown twins).
    files: ["openapi/**/*.test.ts"],
    rules: {
      "no-restricted-imports": restricted(
        ["worker"],
        "build-time code shares data shapes through common/, not the worker.",
      ),
    },
  },
  prettier,
);
