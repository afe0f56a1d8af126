import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The README and every page under docs/ point only at what exists: relative links (and their
 * anchors, as GitHub makes a heading's id) and the project paths named in code spans. A moved file
 * or a renamed heading fails here instead of leaving a newcomer at a dead end. External links are
 * not checked (no network in tests).
 *
 * A code span is read as a path when it starts with one of PATH_ROOTS; its path is the text up to
 * the first space. Placeholders and globs (any of `* ? < > { } [ ] …`) are not paths and are
 * skipped, so `app/features/*` or `docs/decisions/NNN-<title>.md` may be written as they are, and
 * so are the folders the build and the tests make (GENERATED), which a fresh clone does not have.
 */
const PATH_ROOTS = [
  "app/",
  "scripts/",
  "tests/",
  "docs/",
  "drizzle/",
  "patches/",
  "public/",
  ".ci/",
  "../shared/",
];
const PLACEHOLDER = /[*?<>{}[\]…]/;
const GENERATED = ["public/build/", "tests/.tmp/"];

type Tree = { isFile(file: string): boolean; exists(file: string): boolean; read(file: string): string };

/** Every problem in `files` (paths relative to `root`), one line each: "file:line: what". */
function findProblems(root: string, files: string[], tree: Tree): string[] {
  const problems: string[] = [];
  const headingsOf = new Map<string, Set<string>>();
  const anchorsOf = (file: string) => {
    let anchors = headingsOf.get(file);
    if (!anchors) headingsOf.set(file, (anchors = headingAnchors(tree.read(file))));
    return anchors;
  };
  // ../shared lives next to the project on the machines this is written on; where it is absent (a
  // bare clone), what points into it cannot be checked, not found broken.
  const shared = path.resolve(root, "../shared");
  const checkable = (target: string) => !isInside(shared, target) || tree.exists(shared);

  for (const file of files) {
    const absolute = path.join(root, file);
    proseLines(tree.read(absolute)).forEach((text, index) => {
      const where = `${file}:${index + 1}`;
      for (const link of linksIn(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:: not ours to check
        const [target, anchor] = splitAnchor(link);
        const targetFile = target === "" ? absolute : path.resolve(path.dirname(absolute), target);
        if (!checkable(targetFile)) continue;
        if (!isInside(root, targetFile) && !isInside(shared, targetFile)) {
          problems.push(`${where}: link (${link}) leaves the project`);
        } else if (!tree.exists(targetFile)) {
          problems.push(`${where}: link (${link}) names a file that does not exist`);
        } else if (anchor !== undefined && targetFile.endsWith(".md") && tree.isFile(targetFile)) {
          if (!anchorsOf(targetFile).has(anchor)) {
            problems.push(`${where}: link (${link}) names no heading of ${path.relative(root, targetFile)}`);
          }
        }
      }
      for (const named of codePathsIn(text)) {
        const target = path.resolve(root, named);
        if (checkable(target) && !tree.exists(target)) {
          problems.push(`${where}: \`${named}\` does not exist`);
        }
      }
    });
  }
  return problems;
}

/** The file's lines with fenced code blocks blanked (kept as empty lines, so line numbers hold). */
function proseLines(markdown: string): string[] {
  let fence: string | undefined;
  return markdown.split("\n").map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker) {
      fence = marker;
      return "";
    }
    if (fence !== undefined) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return "";
    }
    return line;
  });
}

/** Inline links `[x](target)`, `[x](target "title")` and reference definitions `[x]: target`. */
function linksIn(line: string): string[] {
  const withoutCode = line.replace(/`[^`]*`/g, "");
  const inline = [...withoutCode.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
  const reference = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(withoutCode)?.[1];
  return reference ? [...inline, reference] : inline;
}

function codePathsIn(line: string): string[] {
  return [...line.matchAll(/(`+)([^`]+?)\1/g)]
    .map((m) => m[2].trim().split(/\s/)[0])
    .filter((text) => PATH_ROOTS.some((root) => text.startsWith(root)) && !PLACEHOLDER.test(text))
    .filter((text) => !GENERATED.some((folder) => text.startsWith(folder)));
}

function splitAnchor(link: string): [string, string | undefined] {
  const hash = link.indexOf("#");
  if (hash === -1) return [decodeURI(link), undefined];
  return [decodeURI(link.slice(0, hash)), decodeURIComponent(link.slice(hash + 1))];
}

/** The ids GitHub gives a file's headings: its slug, then slug-1, slug-2 for repeats. */
function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of proseLines(markdown)) {
    const heading = /^#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** As github-slugger: the heading's text, lower case, punctuation dropped, each space a hyphen. */
function githubSlug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link's text, not its target
    .replace(/<[^>]+>/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

function isInside(folder: string, file: string) {
  const relative = path.relative(folder, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

const ROOT = path.resolve(__dirname, "../..");

const DISK: Tree = {
  exists: (file) => existsSync(file),
  isFile: (file) => existsSync(file) && statSync(file).isFile(),
  read: (file) => readFileSync(file, "utf8"),
};

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, "docs"), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.join("docs", file));
  return ["README.md", ...docs.sort()];
}

describe("the README and docs/", () => {
  it("link only to files and headings that exist, and name only paths that exist", () => {
    const files = markdownFiles();
    expect(files.length).toBeGreaterThan(1);
    expect(findProblems(ROOT, files, DISK)).toEqual([]);
  });

  it("are read by a checker that finds each kind of broken reference", () => {
    const pages: Record<string, string> = {
      "/p/README.md": [
        "# The planner",
        "See [the guide](docs/guide.md#running-it-for-years), [missing](docs/gone.md) and",
        "[a heading](docs/guide.md#no-such-heading), [here](#the-planner), [there](#nowhere).",
        "Code: `app/there.ts`, `app/gone.ts`, `app/features/*`, `tests/<name>.test.ts`, `npm test`.",
        "[Out](../../etc/passwd), [web](https://example.org/x#y), [shared](../shared/API.md).",
        "```sh",
        "cat `app/in-a-fence.ts` [fenced](docs/fenced.md)",
        "```",
      ].join("\n"),
      "/p/docs/guide.md": "# Guide\n\n## Running it for years\n\n## Running it for years\n",
      "/p/app/there.ts": "",
      "/shared/API.md": "",
    };
    const folders = new Set(["/p", "/p/docs", "/p/app", "/shared"]);
    const tree: Tree = {
      exists: (file) => file in pages || folders.has(file),
      isFile: (file) => file in pages,
      read: (file) => pages[file],
    };
    expect(findProblems("/p", ["README.md", "docs/guide.md"], tree)).toEqual([
      "README.md:2: link (docs/gone.md) names a file that does not exist",
      "README.md:3: link (docs/guide.md#no-such-heading) names no heading of docs/guide.md",
      "README.md:3: link (#nowhere) names no heading of README.md",
      "README.md:4: `app/gone.ts` does not exist",
      "README.md:5: link (../../etc/passwd) leaves the project",
    ]);
    expect([...headingAnchors(pages["/p/docs/guide.md"])]).toEqual([
      "guide",
      "running-it-for-years",
      "running-it-for-years-1",
    ]);
    expect(githubSlug("Behind nginx or Caddy: `TRUST_PROXY` & [HOST](x.md)")).toBe(
      "behind-nginx-or-caddy-trust_proxy--host",
    );
  });
});
