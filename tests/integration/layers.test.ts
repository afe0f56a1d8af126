import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The layer rule in eslint.config.js, tried on imports a file would make from each layer.
async function lint(filePath: string, code: string) {
  const [result] = await new ESLint().lintText(code, { filePath });
  return result.messages.map((message) => message.message);
}

describe("layers", () => {
  it("refuses an upward import from lib", async () => {
    const messages = await lint(
      "app/lib/example.ts",
      'import { houses } from "~/db/schema";\nexport { houses };\n',
    );
    expect(messages.join("\n")).toMatch(/app\/lib may import only from ~\/lib/);
  });

  it("refuses a model import in a component and a route import anywhere", async () => {
    const component = await lint(
      "app/components/example.tsx",
      'import { listHouses } from "~/models/house.server";\nexport { listHouses };\n',
    );
    expect(component.join("\n")).toMatch(/app\/components may import only from/);
    const model = await lint(
      "app/models/example.server.ts",
      'import { loader } from "~/routes/houses";\nexport { loader };\n',
    );
    expect(model.join("\n")).toMatch(/app\/models may import only from/);
  });

  it("refuses a relative import that would dodge the rule", async () => {
    const messages = await lint(
      "app/lib/example.ts",
      'import { db } from "../db/client.server";\nexport { db };\n',
    );
    expect(messages.join("\n")).toMatch(/through the ~\/ alias/);
  });

  it("lets each layer use the ones below it", async () => {
    expect(
      await lint(
        "app/models/example.server.ts",
        'import { houses } from "~/db/schema";\nexport { houses };\n',
      ),
    ).toEqual([]);
    expect(
      await lint(
        "app/routes/example.tsx",
        'import { listHouses } from "~/models/house.server";\nexport { listHouses };\n',
      ),
    ).toEqual([]);
  });
});
