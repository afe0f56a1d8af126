import { readdirSync } from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The app is cut by feature (app/features/<feature>/) over a shared platform (app/platform/), and
 * each of them by layer, lowest first: lib (pure, no I/O) <- db <- models <- services/components <-
 * routes. A module may import only the layers its own layer names here, of any feature or of the
 * platform; the platform imports no feature; another feature's models and services are reached only
 * through its server index, `~/features/x/server`, and only from server layers. Its pure logic and
 * components are imported module by module: a client-side index would cost every page a chunk.
 * The rule reads the `~/` alias, so every app import goes through it (a `../` import would dodge it).
 */
const LAYERS = {
  lib: ["lib"],
  components: ["lib", "components"],
  db: ["lib", "db", "env.server"],
  models: ["lib", "db", "models", "env.server"],
  services: ["lib", "db", "models", "services", "components", "env.server"],
};
const ALL = ["lib", "components", "db", "models", "services", "env.server"];
const SERVER_LAYERS = ["models", "services", "db"];
const FEATURES = readdirSync(new URL("./app/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const ABOVE_FEATURES = ["~/routes", "~/routes/*", "~/root", "~/seed.server", "~/entry.*"];

function restrict(files, patterns) {
  return {
    files,
    ignores: ["**/*.test.{ts,tsx}", "**/*.fixture.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...patterns.filter((pattern) => pattern.regex || pattern.group.length > 0),
            { group: ABOVE_FEATURES, message: "Nothing below the routes imports a route, root or the seed." },
            { group: ["../*"], message: "Import app code through the ~/ alias so the layer rule sees it." },
          ],
        },
      ],
    },
  };
}

const below = (layer) => ALL.filter((name) => !LAYERS[layer].includes(name));
const paths = (prefix, names) => names.flatMap((name) => [`${prefix}/${name}`, `${prefix}/${name}/*`]);

function platformRule(layer) {
  return restrict(
    [`app/platform/${layer}/**/*.{ts,tsx}`],
    [
      {
        group: paths("~/platform", below(layer)),
        message: `app/platform/${layer} may import only from ${LAYERS[layer].map((name) => `~/platform/${name}`).join(", ")} (see eslint.config.js).`,
      },
      {
        group: ["~/features", "~/features/**"],
        message: "The platform imports no feature (see eslint.config.js).",
      },
    ],
  );
}

function featureRule(feature, layer) {
  const others = FEATURES.filter((name) => name !== feature);
  const clientLayer = !SERVER_LAYERS.includes(layer);
  return restrict(
    [`app/features/${feature}/${layer}/**/*.{ts,tsx}`],
    [
      {
        group: [...paths("~/platform", below(layer)), ...paths("~/features/*", below(layer))],
        message: `app/features/${feature}/${layer} may import only from the ${LAYERS[layer].join(", ")} layers of a feature and the platform (see eslint.config.js).`,
      },
      {
        regex: `^~/features/${feature}/server$`,
        message: "A feature imports its own modules directly, not through its server index.",
      },
      {
        group: others.flatMap((name) => [`~/features/${name}/models/**`, `~/features/${name}/services/**`]),
        message:
          "Another feature's models and services are reached only through its server index, ~/features/<name>/server (see eslint.config.js).",
      },
      ...(clientLayer
        ? [
            {
              group: others.map((name) => `~/features/${name}/server`),
              message: `app/features/${feature}/${layer} is not a server layer: it may not use another feature's server modules.`,
            },
          ]
        : []),
    ],
  );
}

const routeRule = restrict(
  ["app/routes/**/*.{ts,tsx}"],
  [
    {
      group: ["~/platform/db", "~/platform/db/*"],
      message: "Routes reach the database through models (see eslint.config.js).",
    },
  ],
);

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
  {
    // Typed rules on the app: a promise used as a condition is always true (`organiser ||
    // isOrganiser(email)` once let everyone through when isOrganiser became async).
    files: ["app/**/*.ts", "app/**/*.tsx"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
    },
  },
  ...Object.keys(LAYERS).map(platformRule),
  ...FEATURES.flatMap((feature) => Object.keys(LAYERS).map((layer) => featureRule(feature, layer))),
  routeRule,
);
