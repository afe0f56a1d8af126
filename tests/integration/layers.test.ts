import { readdirSync, readFileSync } from "node:fs";
import { ESLint } from "eslint";
import ts from "typescript";
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

  it("refuses another feature's models or services except through its face, and from client layers", async () => {
    expect(
      await lint(
        "app/features/results/services/example.server.ts",
        importing("~/features/survey/models/survey.server"),
      ),
    ).toMatch(/reached only through its face/);
    expect(
      await lint("app/features/results/components/example.tsx", importing("~/features/houses/index.server")),
    ).toMatch(/is not a server layer/);
    expect(
      await lint("app/features/results/lib/example.ts", importing("~/features/houses/components/house-card")),
    ).toMatch(/app\/features\/results\/lib may import only from the lib layers/);
    expect(
      await lint(
        "app/features/results/services/example.server.ts",
        importing("~/features/results/index.server"),
      ),
    ).toMatch(/imports its own modules directly/);
  });

  it("refuses a relative import that would dodge the rule", async () => {
    expect(
      await lint("app/features/houses/lib/example.ts", importing("../../../platform/db/client.server")),
    ).toMatch(/through the ~\/ alias/);
  });

  it("refuses a route or root reaching past a feature's face", async () => {
    expect(await lint("app/routes/example.tsx", importing("~/features/houses/models/house.server"))).toMatch(
      /reached through its face/,
    );
    expect(await lint("app/root.tsx", importing("~/features/season/services/example.server"))).toMatch(
      /reached through its face/,
    );
  });

  it("refuses an import of a feature above in the feature order, at every layer", async () => {
    expect(
      await lint("app/features/season/models/example.server.ts", importing("~/features/houses/index.server")),
    ).toMatch(/season sits below houses in the feature order/);
    expect(
      await lint("app/features/results/lib/example.ts", importing("~/features/organiser/lib/reminders")),
    ).toMatch(/results sits below organiser in the feature order/);
    expect(
      await lint(
        "app/features/survey/components/example.tsx",
        importing("~/features/trip/components/form-bits"),
      ),
    ).toMatch(/survey sits below trip in the feature order/);
  });

  it("lets a type through either way, and a test reach any feature", async () => {
    const typeOnly =
      'import type { Tally } from "~/features/results/lib/results";\nexport type Planted = Tally;\n';
    expect(await lint("app/features/season/lib/example.ts", typeOnly)).toBe("");
    expect(
      await lint("app/features/season/lib/example.test.ts", importing("~/features/results/lib/results")),
    ).toBe("");
  });

  it("lets each layer use the ones below it, and another feature's through its face", async () => {
    expect(await lint("app/platform/models/example.server.ts", importing("~/platform/db/schema"))).toBe("");
    expect(
      await lint(
        "app/features/results/services/example.server.ts",
        importing("~/features/season/index.server"),
      ),
    ).toBe("");
    expect(
      await lint("app/features/results/lib/example.ts", importing("~/features/survey/lib/survey-flow")),
    ).toBe("");
    expect(await lint("app/routes/example.tsx", importing("~/features/houses/index.server"))).toBe("");
    expect(await lint("app/routes/example.tsx", importing("~/features/houses/lib/house-rules"))).toBe("");
    expect(await lint("app/routes/example.test.ts", importing("~/features/houses/models/house.server"))).toBe(
      "",
    );
  });

  it("keeps each feature's face to named exports others use, and refuses a face that re-exports a whole module", () => {
    for (const feature of readdirSync("app/features")) {
      const file = `app/features/${feature}/index.server.ts`;
      expect(faceProblems(file, readFileSync(file, "utf8")), file).toEqual([]);
      for (const name of faceNames(file, readFileSync(file, "utf8"))) {
        expect(
          usedOutside(feature, name),
          `${name} on ${file} is used by no other feature, route or test`,
        ).toBe(true);
      }
    }
    expect(
      faceProblems(
        "planted.ts",
        'export { getHouse } from "./models/house.server";\nexport * from "./models/vote.server";\n',
      ),
    ).toEqual(["planted.ts re-exports the whole of ./models/vote.server: name what it offers"]);
    expect(faceProblems("planted.ts", 'export * as votes from "./models/vote.server";\n')).toEqual([
      "planted.ts re-exports the whole of ./models/vote.server: name what it offers",
    ]);
    expect(faceProblems("planted.ts", "export async function own() {}\n")).toEqual([
      "planted.ts holds code of its own: a face only names what its modules offer",
    ]);
  });
});

/**
 * What is wrong with a feature's face (`index.server.ts`): it may only name, one by one, what its
 * modules offer; an `export *` would hand every export of a module to every other feature.
 */
function faceProblems(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) => {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier) {
      return [`${fileName} holds code of its own: a face only names what its modules offer`];
    }
    if (!statement.exportClause || ts.isNamespaceExport(statement.exportClause)) {
      const from = (statement.moduleSpecifier as ts.StringLiteral).text;
      return [`${fileName} re-exports the whole of ${from}: name what it offers`];
    }
    return [];
  });
}

function faceNames(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  return source.statements.flatMap((statement) =>
    ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)
      ? statement.exportClause.elements.map((element) => element.name.text)
      : [],
  );
}

/** Every source file of the app, the tests and the scripts, with its text. */
const codeFiles = ["app", "tests", "scripts"].flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name) && !name.startsWith(".tmp"))
    .map((name) => ({ file: `${root}/${name}`, text: readFileSync(`${root}/${name}`, "utf8") })),
);

/** Whether `name` is imported from `feature`'s face by a file outside the feature. */
function usedOutside(feature: string, name: string): boolean {
  const face = `"~/features/${feature}/index.server"`;
  const imports = new RegExp(`import(?: type)? \\{[^}]*\\b${name}\\b[^}]*\\} from ${face}`);
  return codeFiles.some(
    ({ file, text }) => !file.startsWith(`app/features/${feature}/`) && imports.test(text),
  );
}
