// No import cycles (docs/design.md "Layout"): among the source files, no file reaches itself through
// its imports (type-only imports count: a cycle of types is still two files that cannot be read
// apart), and among the parts of the house (the top-level folders, and the folders of network/) no
// part imports one that imports it back. Imports are read with TypeScript's own pre-processor.
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const SOURCE = /^(shared|core|electron|renderer\/src|network|cli)\/.*\.(ts|tsx)$/;

function sourceFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts'));
}

/** Each file's imports of other source files (relative specifiers resolved as TypeScript would). */
export function importGraph(files: string[]): Map<string, string[]> {
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const targets = importedFiles
      .map(({ fileName }) => fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => normalize(join(dirname(file), spec)))
      .map((base) => [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((candidate) => known.has(candidate)))
      .filter((target): target is string => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components of more than one node, or of one node that imports itself (Tarjan). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The part a file belongs to: its top-level folder; under network/, each folder and each file of its own. */
function partOf(file: string): string {
  const [top, second] = file.split('/');
  return top === 'network' ? `network/${second}` : top!;
}

function partGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const parts = new Map<string, Set<string>>();
  for (const [from, targets] of graph) {
    const edges = parts.get(partOf(from)) ?? new Set<string>();
    for (const to of targets) if (partOf(to) !== partOf(from)) edges.add(partOf(to));
    parts.set(partOf(from), edges);
  }
  return new Map([...parts].map(([part, edges]) => [part, [...edges]]));
}

describe('import cycles', () => {
  const graph = importGraph(sourceFiles());

  it('reads the imports of every source file', () => {
    expect(graph.size).toBeGreaterThan(250);
    expect(graph.get('cli/main.ts')).toContain('core/index.ts');
  });

  it('no source file reaches itself through its imports', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('no part of the house imports one that imports it back', () => {
    expect(cycles(partGraph(graph))).toEqual([]);
  });

  it('finds a cycle of two, of three and of one, and none in a chain', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b']]);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', ['a']]]))).toEqual([['a']]);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });
});
