import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FEATURE_ORDER } from "../../eslint.config.js";
import { circles, climbingImports, importGraph } from "../support/import-graph";

// The whole of app/, file by file, type-only imports aside (decision 020): no file reaches itself
// through its imports, and no feature imports one above it in the order the lint rule enforces.
describe("the import graph of app/", () => {
  const graph = importGraph(path.resolve("app"));

  it("reads the real graph", () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get("routes/survey.($section).tsx")).toContain("features/survey/index.server.ts");
    expect(graph.get("features/survey/index.server.ts")).toContain(
      "features/survey/services/survey-page.server.ts",
    );
  });

  it("has no import circle", () => {
    expect(circles(graph)).toEqual([]);
  });

  it("has no import that climbs the feature order", () => {
    expect(climbingImports(graph, FEATURE_ORDER)).toEqual([]);
  });

  describe("on planted files", () => {
    const root = mkdtempSync(path.join(tmpdir(), "import-graph-"));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const plant = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    plant("features/houses/lib/a.ts", 'import { b } from "./b";\nexport const a = () => b;\n');
    plant("features/houses/lib/b.ts", 'export { c as b } from "~/features/houses/lib/c";\n');
    plant("features/houses/lib/c.ts", 'import { a } from "../lib/a";\nexport const c = () => a;\n');
    plant(
      "features/houses/lib/d.ts",
      'import type { E } from "./e";\nexport type D = E;\nexport const d = 1;\n',
    );
    plant("features/houses/lib/e.ts", 'import { d } from "./d";\nexport type E = typeof d;\n');
    plant(
      "features/season/lib/f.ts",
      'import { type D, d } from "~/features/houses/lib/d";\nexport const f: D = d;\n',
    );
    plant(
      "features/season/lib/g.ts",
      'import type { D } from "~/features/houses/lib/d";\nexport type G = D;\n',
    );
    plant(
      "features/season/lib/g.test.ts",
      'import { d } from "~/features/houses/lib/d";\nexport const g = d;\n',
    );
    const planted = importGraph(root);

    it("finds a circle through the alias, a relative path and a re-export, not one through a type", () => {
      expect(circles(planted)).toEqual([
        ["features/houses/lib/a.ts", "features/houses/lib/b.ts", "features/houses/lib/c.ts"],
      ]);
    });

    it("finds an import that climbs the order, not a type-only one or a test's", () => {
      expect(climbingImports(planted, FEATURE_ORDER)).toEqual([
        "features/season/lib/f.ts -> features/houses/lib/d.ts",
      ]);
    });

    it("finds a circle planted in the real graph", () => {
      const [from, [to]] = [...graph].find(([, targets]) => targets.length > 0)!;
      const withCircle = new Map(graph).set(to, [...graph.get(to)!, from]);
      expect(circles(withCircle)).toEqual([[from, to].sort()]);
    });
  });
});
