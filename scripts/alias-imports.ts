/**
 * Rewrites relative imports into the `@/` alias (`@/x` is `src/x`, tsconfig.json `paths`).
 *
 *   npx tsx scripts/alias-imports.ts [--dry-run] <folder or file>...
 *
 * The rule (the lint enforces the same one): an import stays relative while it stays in
 * its own program folder (`src/web`, `src/proxy`, `e2e`, ...) and goes up at most one
 * level (`./x`, `../x`); one that goes up two or more levels, or reaches into another
 * folder of `src/`, is written `@/...`. Imports outside `src/` (`../e2e/chromium`) have no
 * alias and stay relative. Re-runnable: a second run changes nothing.
 */
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(?:ts|tsx|mts|cts)$/;
const SKIP = new Set(['node_modules', 'dist', 'data']);

/** The program folder a path belongs to: `src/<name>`, a top-level folder, or '' (a root file). */
export function programOf(file: string, root = ROOT): string {
  const src = path.join(root, 'src');
  const inSrc = !path.relative(src, file).startsWith('..');
  const parts = path.relative(inSrc ? src : root, file).split(path.sep);
  const top = parts.length > 1 ? (parts[0] ?? '') : '';
  if (!inSrc) return top;
  return top ? `src/${top}` : 'src';
}

/** How many levels a relative specifier climbs before it goes down: `../../x` is 2. */
function levelsUp(specifier: string): number {
  const parts = specifier.split('/');
  const down = parts.findIndex((p) => p !== '..' && p !== '.');
  return parts.slice(0, down === -1 ? parts.length : down).filter((p) => p === '..').length;
}

/** The `@/` form of `specifier` imported from `file`, or null when it stays as written. */
export function aliasFor(file: string, specifier: string, root = ROOT): string | null {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const src = path.join(root, 'src');
  const target = path.resolve(path.dirname(file), specifier);
  const underSrc = path.relative(src, target);
  if (!underSrc || underSrc.startsWith('..') || path.isAbsolute(underSrc)) return null;
  const leaves = programOf(target, root) !== programOf(file, root);
  if (!leaves && levelsUp(specifier) < 2) return null;
  return `@/${underSrc.split(path.sep).join('/')}`;
}

interface Edit {
  start: number;
  end: number;
  from: string;
  to: string;
}

function specifierOf(node: ts.Node): ts.StringLiteral | null {
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
    const spec = node.moduleSpecifier;
    return spec && ts.isStringLiteral(spec) ? spec : null;
  }
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [arg] = node.arguments;
    return arg && ts.isStringLiteral(arg) ? arg : null;
  }
  if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
    const lit = node.argument.literal;
    return ts.isStringLiteral(lit) ? lit : null;
  }
  if (ts.isExternalModuleReference(node)) {
    return ts.isStringLiteral(node.expression) ? node.expression : null;
  }
  return null;
}

/** The edits that alias the imports of one file's text. */
export function editsFor(file: string, text: string, root = ROOT): Edit[] {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const edits: Edit[] = [];
  const visit = (node: ts.Node): void => {
    const lit = specifierOf(node);
    const to = lit && aliasFor(file, lit.text, root);
    if (lit && to)
      edits.push({ start: lit.getStart(source) + 1, end: lit.end - 1, from: lit.text, to });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edits;
}

function apply(text: string, edits: Edit[]): string {
  return [...edits]
    .sort((a, b) => b.start - a.start)
    .reduce((out, e) => out.slice(0, e.start) + e.to + out.slice(e.end), text);
}

async function* sourceFiles(target: string): AsyncGenerator<string> {
  if (!(await stat(target)).isDirectory()) {
    if (SOURCE.test(target)) yield target;
    return;
  }
  for (const entry of await readdir(target, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    yield* sourceFiles(path.join(target, entry.name));
  }
}

async function rewrite(file: string, dryRun: boolean): Promise<number> {
  const text = await readFile(file, 'utf8');
  const edits = editsFor(file, text);
  if (edits.length === 0) return 0;
  const rel = path.relative(ROOT, file);
  for (const e of edits) console.log(`${rel}: '${e.from}' -> '${e.to}'`);
  if (!dryRun) {
    // Formatted here, because a longer specifier can push an import past the print width.
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    await writeFile(file, await prettier.format(apply(text, edits), options));
  }
  return edits.length;
}

async function main(args: string[]): Promise<void> {
  const dryRun = args.includes('--dry-run');
  const targets = args.filter((a) => a !== '--dry-run');
  if (targets.length === 0) {
    console.error('usage: tsx scripts/alias-imports.ts [--dry-run] <folder or file>...');
    process.exit(2);
  }
  let edits = 0;
  let files = 0;
  for (const target of targets) {
    for await (const file of sourceFiles(path.resolve(target))) {
      const n = await rewrite(file, dryRun);
      edits += n;
      files += n > 0 ? 1 : 0;
    }
  }
  console.log(`${dryRun ? 'would rewrite' : 'rewrote'} ${edits} imports in ${files} files`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
