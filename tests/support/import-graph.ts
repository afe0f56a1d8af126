import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The import graph of app/, file by file, as the bundler will load it: `import … from`, `export … from`
 * and `import("…")`, through the `~/` alias or a relative path. Type-only imports are left out (they
 * are erased before anything runs), as are packages.
 */
export type Graph = Map<string, string[]>;

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

export function sourceFiles(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const full = path.join(root, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The specifiers a module loads at run time. */
export function runtimeImports(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause &&
          !clause.name &&
          clause.namedBindings &&
          ts.isNamedImports(clause.namedBindings) &&
          clause.namedBindings.elements.length > 0 &&
          clause.namedBindings.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((element) => element.isTypeOnly));
      if (!typeOnly) specifiers.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** The file a specifier names, or undefined for a package. */
export function resolveImport(appRoot: string, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(appRoot, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return undefined;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(appRoot, from)} imports ${specifier}, which names no file`);
}

/** Every file of app/ and the files of app/ it loads, as paths relative to app/. */
export function importGraph(appRoot: string): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(appRoot)) {
    const targets = runtimeImports(file, readFileSync(file, "utf8"))
      .map((specifier) => resolveImport(appRoot, file, specifier))
      .filter((target): target is string => target !== undefined)
      .map((target) => path.relative(appRoot, target));
    graph.set(path.relative(appRoot, file), [...new Set(targets)]);
  }
  return graph;
}

/** The import circles: each strongly connected set of more than one file (or a file importing itself). */
export function circles(graph: Graph): string[][] {
  // Tarjan's algorithm, iterative so a deep graph cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let counter = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++];
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || targets.includes(frame.node)) found.push(component.sort());
      }
    }
  }
  return found;
}

/** The feature a file of app/ belongs to, if any. */
export const featureOf = (file: string) => /^features\/([^/]+)\//.exec(file.split(path.sep).join("/"))?.[1];

/** Tests and their fixtures may reach any feature, as in the lint rule: nothing imports them. */
const isTest = (file: string) => /\.(test|fixture)\.tsx?$/.test(file);

/**
 * Each import from one feature into another that is not below it in `order` (lowest first), as
 * "from -> to"; a feature missing from the order is below nothing.
 */
export function climbingImports(graph: Graph, order: readonly string[]): string[] {
  const climbing: string[] = [];
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (!from || isTest(file)) continue;
    for (const target of targets) {
      const to = featureOf(target);
      if (!to || to === from) continue;
      const below = order.includes(to) && order.includes(from) && order.indexOf(to) < order.indexOf(from);
      if (!below) climbing.push(`${file} -> ${target}`);
    }
  }
  return climbing;
}
