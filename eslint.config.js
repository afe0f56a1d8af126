import { readdirSync } from "node:fs";
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The app is cut by feature (app/features/<feature>/) over a shared platform (app/platform/), and
 * each of them by layer, lowest first: lib (pure, no I/O) <- db <- models <- services/components <-
 * routes. A module may import only the layers its own layer names here, of its own feature, a feature
 * below it (FEATURE_ORDER) or the platform; the platform imports no feature; another feature's models
 * and services are reached only through its face, `~/features/x/index.server`, and only from server
 * layers. Its pure logic and components are imported module by module: a client-side index would cost
 * every page a chunk.
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
/**
 * The features, lowest first: each imports only the features before it here (decision 020). A type-only
 * import may point either way, since it is erased before anything runs; tests and fixtures may reach
 * any feature. A new feature folder must take its place in this list.
 */
export const FEATURE_ORDER = [
  "season",
  "houses",
  "survey",
  "results",
  "accounts",
  "organiser",
  "money",
  "trip",
];
const FEATURES = readdirSync(new URL("./app/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unplaced = FEATURES.filter((name) => !FEATURE_ORDER.includes(name));
if (unplaced.length > 0) {
  throw new Error(`eslint.config.js: place ${unplaced.join(", ")} in FEATURE_ORDER (decision 020).`);
}
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
        regex: `^~/features/${feature}/index\\.server$`,
        message: "A feature imports its own modules directly, not through its face.",
      },
      {
        group: others.flatMap((name) => [`~/features/${name}/models/**`, `~/features/${name}/services/**`]),
        message:
          "Another feature's models and services are reached only through its face, ~/features/<name>/index.server (see eslint.config.js).",
      },
      ...(clientLayer
        ? [
            {
              group: others.map((name) => `~/features/${name}/index.server`),
              message: `app/features/${feature}/${layer} is not a server layer: it may not use another feature's server modules.`,
            },
          ]
        : []),
    ],
  );
}

/** A feature imports only the features below it in FEATURE_ORDER; type-only imports are let through. */
function orderRule(feature) {
  const above = FEATURE_ORDER.slice(FEATURE_ORDER.indexOf(feature) + 1);
  return {
    files: [`app/features/${feature}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.{ts,tsx}", "**/*.fixture.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: above.map((name) => ({
            group: [`~/features/${name}`, `~/features/${name}/**`],
            allowTypeImports: true,
            message: `${feature} sits below ${name} in the feature order (${FEATURE_ORDER.join(" <- ")}): hand the data or a callback down, or move the module (decision 020).`,
          })),
        },
      ],
    },
  };
}

/** Above the features (routes, root, entry, seed): a feature's face, its components and its pure lib. */
const THROUGH_FACES = {
  group: ["~/features/*/models/**", "~/features/*/services/**"],
  message:
    "Above the features, a feature's models and services are reached through its face, ~/features/<name>/index.server (see eslint.config.js).",
};

const routeRule = restrict(
  ["app/routes/**/*.{ts,tsx}"],
  [
    {
      group: ["~/platform/db", "~/platform/db/*"],
      message: "Routes reach the database through models (see eslint.config.js).",
    },
    THROUGH_FACES,
  ],
);

const topRule = {
  files: ["app/*.{ts,tsx}"],
  ignores: ["**/*.test.{ts,tsx}"],
  rules: { "no-restricted-imports": ["error", { patterns: [THROUGH_FACES] }] },
};

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
  ...FEATURES.filter((feature) => feature !== FEATURE_ORDER.at(-1)).map(orderRule),
  routeRule,
  topRule,
);
