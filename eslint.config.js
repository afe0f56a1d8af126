import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The app's layers, lowest first: lib (pure, no I/O) <- db <- models <- services/components <- routes.
 * Each layer may import only the layers it names here; nothing imports a route. The rule reads the
 * `~/` alias, so every app import goes through it (a `../` import would dodge the check).
 */
const LAYERS = {
  lib: ["lib"],
  components: ["lib", "components"],
  db: ["lib", "db", "env.server"],
  models: ["lib", "db", "models", "env.server"],
  services: ["lib", "db", "models", "services", "components", "env.server"],
  routes: ["lib", "models", "services", "components", "styles", "env.server"],
};
const ALL = ["lib", "components", "db", "models", "services", "routes", "styles", "env.server", "root"];

function layerRule(layer) {
  const allowed = LAYERS[layer];
  const forbidden = ALL.filter((name) => !allowed.includes(name));
  return {
    files: [`app/${layer}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: forbidden.flatMap((name) => [`~/${name}`, `~/${name}/*`]),
              message: `app/${layer} may import only from ${allowed.map((name) => `~/${name}`).join(", ")} (see eslint.config.js).`,
            },
            { group: ["../*"], message: "Import app code through the ~/ alias so the layer rule sees it." },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "tests/.tmp/",
      ".cache/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // The classic hook rules; the React Compiler rules of the plugin's newer presets do not apply here.
    files: ["app/**/*.tsx"],
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "error" },
  },
  { files: ["app/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        URL: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        fetch: "readonly",
        __dirname: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // `javascript:` URLs are an XSS vector the CSP would block anyway; keep them out of the code.
      "no-script-url": "error",
    },
  },
  ...Object.keys(LAYERS).map(layerRule),
);
