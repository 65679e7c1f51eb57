/**
 * No import cycles among the gateway's modules (src/, schema/, resolvers/,
 * loaders/): a cycle makes the order modules run in depend on which one is
 * imported first, so a value can be read before it is defined. Type-only
 * imports count too: they vanish when compiled, but a cycle through types is
 * still two modules that cannot be understood (or moved) one without the
 * other. The walk reads each file's import and export declarations with the
 * TypeScript parser.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'schema', 'resolvers', 'loaders'];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

/** The project files a module imports, types included (relative specifiers, `.js` naming the `.ts` source). */
function imports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const targets: string[] = [];
  for (const statement of source.statements) {
    let specifier: ts.Expression | undefined;
    if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) specifier = statement.moduleSpecifier;
    if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
    const target = resolve(dirname(file), specifier.text.replace(/\.js$/, '.ts'));
    if (existsSync(target)) targets.push(target);
  }
  return targets;
}

function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'active' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'active');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'active') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('module graph', () => {
  it('has no import cycle', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(100);
    const graph = new Map(files.map((file) => [file, imports(file)]));
    const cycles = findCycles(graph).map((cycle) => cycle.map((file) => relative(ROOT, file)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
