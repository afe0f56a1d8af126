import { readdirSync, readFileSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer and feature rules in eslint.config.js, tried on imports a file would make. A planted file
// is in no tsconfig, so the typed rules (which need one) are off for it.
const eslint = new ESLint({
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: { "@typescript-eslint/no-misused-promises": "off" },
  },
});
async function lint(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.map((message) => message.message).join("\n");
}
const importing = (specifier: string) => `import * as planted from "${specifier}";\nexport { planted };\n`;

describe("layers", () => {
  it("refuses an upward import inside the platform and inside a feature", async () => {
    expect(await lint("app/platform/lib/example.ts", importing("~/platform/db/schema"))).toMatch(
      /app\/platform\/lib may import only from ~\/platform\/lib/,
    );
    expect(
      await lint("app/features/houses/lib/example.ts", importing("~/features/houses/models/house.server")),
    ).toMatch(/app\/features\/houses\/lib may import only from the lib layers/);
    expect(
      await lint("app/features/survey/components/example.tsx", importing("~/platform/models/user.server")),
    ).toMatch(/app\/features\/survey\/components may import only from/);
  });

  it("refuses a feature in the platform, and a route, root or seed import anywhere below the routes", async () => {
    expect(await lint("app/platform/db/example.ts", importing("~/features/houses"))).toMatch(
      /The platform imports no feature/,
    );
    expect(await lint("app/features/houses/models/example.server.ts", importing("~/routes/houses"))).toMatch(
      /Nothing below the routes imports a route/,
    );
  });

  it("refuses another feature's models or services except through its server index, and from client layers", async () => {
    expect(
      await lint(
        "app/features/results/services/example.server.ts",
        importing("~/features/survey/models/survey.server"),
      ),
    ).toMatch(/reached only through its server index/);
    expect(
      await lint("app/features/results/components/example.tsx", importing("~/features/houses/server")),
    ).toMatch(/is not a server layer/);
    expect(
      await lint("app/features/results/lib/example.ts", importing("~/features/houses/components/house-card")),
    ).toMatch(/app\/features\/results\/lib may import only from the lib layers/);
    expect(
      await lint("app/features/results/services/example.server.ts", importing("~/features/results/server")),
    ).toMatch(/imports its own modules directly/);
  });

  it("refuses a relative import that would dodge the rule", async () => {
    expect(
      await lint("app/features/houses/lib/example.ts", importing("../../../platform/db/client.server")),
    ).toMatch(/through the ~\/ alias/);
  });

  it("lets each layer use the ones below it, and another feature's through its server index", async () => {
    expect(await lint("app/platform/models/example.server.ts", importing("~/platform/db/schema"))).toBe("");
    expect(
      await lint("app/features/results/services/example.server.ts", importing("~/features/event/server")),
    ).toBe("");
    expect(
      await lint("app/features/results/lib/example.ts", importing("~/features/survey/lib/survey-flow")),
    ).toBe("");
    expect(await lint("app/routes/example.tsx", importing("~/features/houses/models/house.server"))).toBe("");
  });

  it("keeps each feature's server index listing every module of its models and services", () => {
    for (const feature of readdirSync("app/features")) {
      for (const [index, layers] of [["server.ts", ["models", "services"]]] as const) {
        const expected = layers.flatMap((layer) =>
          readdirSync(`app/features/${feature}/${layer}`)
            .filter((name) => /\.tsx?$/.test(name) && !/\.(test|fixture)\./.test(name))
            .map((name) => `./${layer}/${name.replace(/\.tsx?$/, "")}`),
        );
        const listed = [
          ...readFileSync(`app/features/${feature}/${index}`, "utf8").matchAll(/from "([^"]+)"/g),
        ].map((match) => match[1]);
        expect(listed.sort(), `${feature}/${index}`).toEqual(expected.sort());
      }
    }
  });
});
