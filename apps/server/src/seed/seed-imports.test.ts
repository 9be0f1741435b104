import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * seed/index.ts imports every module's seeder; a seeder that imported seed/index.ts back (for
 * SeedContext) made a circle through the whole module tree. These checks read the import lines
 * (type-only ones too: tsc follows them) of apps/server/src so the circle cannot come back.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports and re-exports of a file, as paths under src (e.g. 'seed/seed-context.ts'). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]/gs)].map((m) => m[1] ?? '');
  return specifiers
    .map((specifier) => resolve(dirname(file), specifier))
    .filter((target) => existsSync(target))
    .map((target) => relative(SRC, target));
}

const graph = new Map(sourceFiles(SRC).map((file) => [relative(SRC, file), importsOf(file)]));

/** Files reachable from `start` by following imports. */
function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const queue = [start];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    for (const next of graph.get(file) ?? []) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('seed imports', () => {
  it('reads the real tree (the regular expression finds the seeders)', () => {
    expect(graph.get('seed/index.ts')).toContain('modules/deals/deals.catalogue.ts');
    expect(graph.get('modules/deals/deals.catalogue.ts')).toContain('seed/seed-context.ts');
  });

  it('seed-context.ts reaches nothing in modules/', () => {
    expect([...reachable('seed/seed-context.ts')].filter((f) => f.startsWith('modules/'))).toEqual([]);
  });

  it('no seed file is on an import circle', () => {
    const onCircle = [...graph.keys()].filter((f) => f.startsWith('seed/') && reachable(f).has(f));
    expect(onCircle).toEqual([]);
  });
});
