import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The dependency rules of docs/architecture.md, held over the TypeScript import graph. An edge is one
// `import ... from '...'`, `export ... from '...'`, `import('...')` or `import '...'` of a source file;
// relative specifiers are resolved to repository paths, package specifiers are kept as written.
const ROOT = resolve(import.meta.dirname, '..');
const SOURCES = ['apps/server/src', 'apps/console/src', 'packages/contract/src'];
const SKIP_DIRS = new Set(['node_modules', 'dist']);
const SPECIFIER =
  /(?:^|[\s;}])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export interface Edge {
  from: string;
  to: string;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) sourceFiles(path, out);
    } else if (/\.(ts|tsx)$/.test(entry.name) && !/\.d\.ts$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Import specifiers of a source text (comments removed first, so an example in a comment is no edge). */
export function specifiersOf(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(SPECIFIER)].map((m) => (m[1] ?? m[2])!);
}

/** A relative specifier as a repository path without extension (`.js` in TS sources names the `.ts` file). */
function target(from: string, spec: string): string {
  if (!spec.startsWith('.')) return spec;
  return relative(ROOT, resolve(ROOT, dirname(from), spec)).replace(/\.(js|ts|tsx|jsx)$/, '');
}

export function importGraph(): Edge[] {
  return SOURCES.flatMap((dir) => sourceFiles(dir)).flatMap((from) =>
    specifiersOf(readFileSync(join(ROOT, from), 'utf8')).map((spec) => ({ from, to: target(from, spec) })),
  );
}

const SERVER = 'apps/server/src/';
const DOMAIN = /^apps\/server\/src\/services\/([\w-]+)\/(.+)$/;
/** A file in a sub-folder of a domain (services/system/update/...): the domain and the sub-folder. */
const PART = /^apps\/server\/src\/services\/([\w-]+)\/([\w-]+)\/./;
const FEATURE = /^apps\/console\/src\/features\/([\w-]+)\//;

/** The domain folder and inner path of a path under services/<domain>/, if it is one. */
const domainOf = (path: string) => {
  const m = DOMAIN.exec(path);
  return m ? { domain: m[1]!, inner: m[2]!.replace(/\.(ts|tsx)$/, '') !== 'index' } : undefined;
};

/** Each rule says why an edge breaks it, or nothing. */
export const RULES: { name: string; check: (e: Edge) => boolean }[] = [
  {
    name: 'api/ imports no db/ and no inner file of a domain (only services/<domain>/index.ts)',
    check: (e) => e.from.startsWith(`${SERVER}api/`) && (e.to.startsWith(`${SERVER}db/`) || domainOf(e.to)?.inner === true),
  },
  {
    name: 'a domain imports another domain only through its index.ts',
    check: (e) => {
      const from = domainOf(e.from);
      const to = domainOf(e.to);
      return from !== undefined && to !== undefined && from.domain !== to.domain && to.inner;
    },
  },
  {
    name: "a domain's sub-folder does not import another of its sub-folders (the domain's own root files wire them)",
    check: (e) => {
      const from = PART.exec(e.from);
      const to = PART.exec(e.to);
      return from !== null && to !== null && from[1] === to[1] && from[2] !== to[2];
    },
  },
  {
    name: 'media/ and host/ import neither services/, db/ nor fastify',
    check: (e) =>
      (e.from.startsWith(`${SERVER}media/`) || e.from.startsWith(`${SERVER}host/`)) &&
      (e.to.startsWith(`${SERVER}services/`) ||
        e.to.startsWith(`${SERVER}db/`) ||
        e.to === 'fastify' ||
        e.to.startsWith('fastify/') ||
        e.to.startsWith('@fastify/')),
  },
  {
    name: 'a console feature does not reach into another feature',
    check: (e) => {
      const from = FEATURE.exec(e.from)?.[1];
      const to = FEATURE.exec(`${e.to}/`)?.[1];
      return from !== undefined && to !== undefined && from !== to;
    },
  },
  {
    name: 'the console does not import the server',
    check: (e) =>
      e.from.startsWith('apps/console/') &&
      (e.to.startsWith('apps/server/') || e.to === '@roomcast/server' || e.to.startsWith('@roomcast/server/')),
  },
  {
    name: 'the contract imports nothing of ours',
    check: (e) => e.from.startsWith('packages/contract/') && (e.to.startsWith('apps/') || e.to.startsWith('@roomcast/')),
  },
];

export function violations(edges: Edge[]): { rule: string; edge: string }[] {
  return edges.flatMap((e) => RULES.filter((r) => r.check(e)).map((r) => ({ rule: r.name, edge: `${e.from} -> ${e.to}` })));
}

/** A file as a node of the graph: its path without extension (the form `target` gives an edge's end). */
const nodeOf = (path: string) => path.replace(/\.(ts|tsx)$/, '');

/**
 * The file graph of the edges that end in one of the files: `./a.js` names the file `a.ts`, `./dir` its `index.ts`;
 * packages, stylesheets and assets are no nodes. Type-only edges count: a cycle of types is still one.
 */
export function fileGraph(edges: Edge[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const e of edges) graph.set(nodeOf(e.from), []);
  for (const e of edges) {
    const to = graph.has(e.to) ? e.to : graph.has(`${e.to}/index`) ? `${e.to}/index` : undefined;
    if (to !== undefined) graph.get(nodeOf(e.from))!.push(to);
  }
  return graph;
}

/**
 * The import cycles: Tarjan's strongly connected components of more than one file, or of one file that imports
 * itself. Each is given as one cycle through all of its files' component, starting at its first file by name.
 */
export function importCycles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || graph.get(v)!.includes(v)) components.push(component.sort());
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return components.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** One shortest way round a component, from its first file back to it (what to read to see the loop). */
export function cyclePath(graph: Map<string, string[]>, component: string[]): string[] {
  const inside = new Set(component);
  const start = component[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const w of graph.get(queue[i]!) ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let v = queue[i]!; v !== start; v = previous.get(v)!) path.splice(1, 0, v);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, queue[i]!);
        queue.push(w);
      }
    }
  }
  return component;
}

describe('dependency rules (docs/architecture.md)', () => {
  const edges = importGraph();
  const found = violations(edges);

  it('reads the import graph (sanity: it sees the edges it should)', () => {
    expect(edges.length).toBeGreaterThan(200);
    expect(edges).toContainEqual({ from: 'apps/server/src/app.ts', to: 'apps/server/src/services/index' });
  });

  for (const rule of RULES) {
    it(rule.name, () => {
      expect(found.filter((v) => v.rule === rule.name).map((v) => v.edge)).toEqual([]);
    });
  }

  // A loop of imports: its files cannot be understood, loaded or tested one before the other (and an ESM loop can
  // read a binding before it is set). Each part is checked on its own; the files of each cycle are printed.
  const graph = fileGraph(edges);
  it.each(SOURCES)('no import cycle in %s', (dir) => {
    const cycles = importCycles(graph).filter((c) => c[0]!.startsWith(`${dir}/`));
    const report = cycles.map((c) => `${c.length} files: ${c.join(', ')}\n  e.g. ${cyclePath(graph, c).join(' -> ')}`);
    expect(report).toEqual([]);
  });
});

describe('each rule catches a violation (self-test with fake edges)', () => {
  const bad: [string, Edge][] = [
    ['api/ imports no db/', { from: `${SERVER}api/access.ts`, to: `${SERVER}db/repositories/index` }],
    ['api/ imports no db/', { from: `${SERVER}api/recording.ts`, to: `${SERVER}services/recording/recording-service` }],
    [
      'a domain imports another domain only',
      { from: `${SERVER}services/recording/index.ts`, to: `${SERVER}services/access/session-service` },
    ],
    [
      "a domain's sub-folder does not import another",
      { from: `${SERVER}services/system/tasks/task-actions.ts`, to: `${SERVER}services/system/logs/log-files` },
    ],
    ['media/ and host/', { from: `${SERVER}media/encoder.ts`, to: `${SERVER}services/core/index` }],
    ['media/ and host/', { from: `${SERVER}host/power.ts`, to: `${SERVER}db/open` }],
    ['media/ and host/', { from: `${SERVER}media/encoder.ts`, to: 'fastify' }],
    ['a console feature', { from: 'apps/console/src/features/users/UsersPage.tsx', to: 'apps/console/src/features/groups/groups-api' }],
    ['the console does not import the server', { from: 'apps/console/src/api/client.ts', to: 'apps/server/src/api/handler' }],
    ['the contract imports nothing of ours', { from: 'packages/contract/src/index.ts', to: '@roomcast/server' }],
  ];
  it.each(bad)('%s: %j', (rule, edge) => {
    expect(
      violations([edge])
        .map((v) => v.rule)
        .some((r) => r.startsWith(rule)),
    ).toBe(true);
  });

  const fine: Edge[] = [
    { from: `${SERVER}api/access.ts`, to: `${SERVER}services/access/index` },
    { from: `${SERVER}api/register.ts`, to: `${SERVER}services/index` },
    { from: `${SERVER}services/recording/index.ts`, to: `${SERVER}services/access/index` },
    { from: `${SERVER}services/recording/index.ts`, to: `${SERVER}services/recording/recording-service` },
    { from: `${SERVER}services/recording/recording-service.ts`, to: `${SERVER}media/encoder` },
    { from: `${SERVER}services/system/index.ts`, to: `${SERVER}services/system/update/update-service` },
    { from: `${SERVER}services/system/update/update-service.ts`, to: `${SERVER}services/system/update/update-bundle` },
    { from: `${SERVER}services/system/tasks/task-time.ts`, to: `${SERVER}services/schedule/index` },
    { from: 'apps/console/src/features/users/UsersPage.tsx', to: 'apps/console/src/features/users/user-form' },
    { from: 'apps/console/src/features/users/UsersPage.tsx', to: 'apps/console/src/components/PageContainer' },
  ];
  it('allowed edges pass', () => {
    expect(violations(fine)).toEqual([]);
  });

  it('finds each import cycle once, with its files, and no cycle where there is none', () => {
    const f = (name: string) => `${SERVER}services/${name}.ts`;
    const graph = fileGraph([
      { from: f('a/index'), to: `${SERVER}services/b/index` },
      { from: f('b/index'), to: `${SERVER}services/b/inner` },
      { from: f('b/inner'), to: `${SERVER}services/a` },
      { from: f('c/index'), to: `${SERVER}services/a/index` },
      { from: f('c/index'), to: `${SERVER}services/c/index` },
      { from: f('d/index'), to: `${SERVER}services/c/index` },
      { from: f('d/index'), to: 'fastify' },
      { from: f('d/index'), to: `${SERVER}services/d/style.css` },
    ]);
    const cycles = importCycles(graph);
    expect(cycles).toEqual([
      [`${SERVER}services/a/index`, `${SERVER}services/b/index`, `${SERVER}services/b/inner`],
      [`${SERVER}services/c/index`],
    ]);
    expect(cyclePath(graph, cycles[0]!)).toEqual([
      `${SERVER}services/a/index`,
      `${SERVER}services/b/index`,
      `${SERVER}services/b/inner`,
      `${SERVER}services/a/index`,
    ]);
    expect(
      importCycles(
        fileGraph([
          { from: f('a/index'), to: `${SERVER}services/b/index` },
          { from: f('b/index'), to: 'zod' },
        ]),
      ),
    ).toEqual([]);
  });

  it('parses import, export-from, type-only, side-effect and dynamic imports, not comments', () => {
    const text = [
      "import { a } from './a.js';",
      "import type { B } from '../b.js';",
      "export { c } from './c.js';",
      "export * from './d.js';",
      "import './e.css';",
      "const F = lazy(() => import('./f.js'));",
      "// import { g } from './g.js';",
      "/* import { h } from './h.js'; */",
      'import {\n  i,\n  j,\n} from "./ij.js";',
    ].join('\n');
    expect(specifiersOf(text)).toEqual(['./a.js', '../b.js', './c.js', './d.js', './e.css', './f.js', './ij.js']);
  });
});
