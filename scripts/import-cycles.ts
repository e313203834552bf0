import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * The import cycles among the project's own files: one import direction keeps a module readable and testable without
 * the ones that use it, so a cycle counts whether its imports run at load, later through `import()`, or only name types.
 * scripts/import-cycles.test.ts holds the project to none. Run it to list them:
 *   node --import tsx scripts/import-cycles.ts [another checkout]
 */

const projectRoot = resolve(import.meta.dirname, '..');
const projectFolders = ['schema', 'pwa', 'sync-server', 'scripts', 'bench', 'e2e'];

/** How an import binds: at load, only for the type checker, or when `import()` runs. */
export type ImportKind = 'run-time' | 'type-only' | 'lazy';

interface ImportEdge {
  to: string;
  kind: ImportKind;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path) && statSync(path).isFile());
}

/**
 * Every import, re-export and `import()` of one file. A pattern rather than a parser: the house writes one import a
 * statement, at the start of a line, and `import()` with a plain string.
 */
const importStatement = /^(?:import|export)\s+(type\s+)?(?:([^;'"]*?)\s+from\s+)?'([^']+)'/gm;
const lazyImport = /\bimport\(\s*'([^']+)'\s*\)/g;

function importsOf(path: string): ImportEdge[] {
  const text = readFileSync(path, 'utf8');
  const edges: { specifier: string; kind: ImportKind }[] = [
    ...[...text.matchAll(importStatement)].map(([, typeKeyword, bindings, specifier]) => ({
      specifier: specifier!,
      kind: typeKeyword || namesOnlyTypes(bindings) ? ('type-only' as const) : ('run-time' as const),
    })),
    ...[...text.matchAll(lazyImport)].map(([, specifier]) => ({ specifier: specifier!, kind: 'lazy' as const })),
  ];
  return edges.flatMap(({ specifier, kind }) => {
    const to = resolveImport(path, specifier);
    return to ? [{ to, kind }] : [];
  });
}

/** `{ type A, type B }` names only types; a default or namespace import, or any plain name, does not. */
function namesOnlyTypes(bindings: string | undefined): boolean {
  const names = bindings?.trim().match(/^\{([^}]*)\}$/)?.[1]?.split(',').map((name) => name.trim()).filter(Boolean);
  return !!names?.length && names.every((name) => name.startsWith('type '));
}

export interface ImportCycle {
  /** Project-relative paths, each importing the next and the last the first. */
  files: string[];
  /**
   * run-time: imports that run at load close the loop (Node then meets a module not yet evaluated); lazy: it takes an
   * `import()` too (two modules that call each other, one of them later); type-only: only the type checker sees it.
   */
  kind: ImportKind;
}

/**
 * One cycle per tangled group of files, walked from its first file in path order, so a group tangled several ways is
 * one finding to untangle rather than many listings of it. A group is a run-time cycle when its imports that run are
 * enough to close a loop (Node then meets a module not yet evaluated), else a type-only one.
 */
export function findImportCycles(root = projectRoot, folders = projectFolders): ImportCycle[] {
  const graph = new Map<string, ImportEdge[]>();
  for (const folder of folders.filter((name) => existsSync(join(root, name))))
    for (const path of sourceFiles(join(root, folder))) graph.set(path, importsOf(path));

  const runTime = tangledGroups(graph, (edge) => edge.kind === 'run-time');
  const withLazy = tangledGroups(graph, (edge) => edge.kind !== 'type-only');
  return tangledGroups(graph, () => true)
    .map((group): ImportCycle => {
      const members = new Set(group);
      const files = shortestWayBack(graph, members, [...group].sort()[0]!).map((file) => relative(root, file));
      const closes = (groups: string[][]) => groups.some((inner) => members.has(inner[0]!));
      return { files, kind: closes(runTime) ? 'run-time' : closes(withLazy) ? 'lazy' : 'type-only' };
    })
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!));
}

/** The strongly connected groups of more than one file, or of one that imports itself (Tarjan's algorithm). */
function tangledGroups(graph: Map<string, ImportEdge[]>, follows: (edge: ImportEdge) => boolean): string[][] {
  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const next = (file: string) => (graph.get(file) ?? []).filter((edge) => graph.has(edge.to) && follows(edge));
  const visit = (file: string) => {
    index.set(file, index.size);
    lowLink.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const { to } of next(file)) {
      if (!index.has(to)) {
        visit(to);
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(to)!));
      } else if (onStack.has(to)) lowLink.set(file, Math.min(lowLink.get(file)!, index.get(to)!));
    }
    if (lowLink.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || next(file).some((edge) => edge.to === file)) groups.push(group);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return groups;
}

/** The shortest chain of imports inside the group that leads from `start` back to itself. */
function shortestWayBack(graph: Map<string, ImportEdge[]>, members: Set<string>, start: string): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    for (const { to } of graph.get(file) ?? []) {
      if (!members.has(to) || cameFrom.has(to)) continue;
      cameFrom.set(to, file);
      if (to === start) {
        const path: string[] = [];
        for (let at = cameFrom.get(start)!; at !== start; at = cameFrom.get(at)!) path.unshift(at);
        return [start, ...path];
      }
      queue.push(to);
    }
  }
  return [start];
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const cycles = findImportCycles(process.argv[2] ? resolve(process.argv[2]) : projectRoot);
  for (const cycle of cycles) console.log(`${cycle.kind.padEnd(9)} ${[...cycle.files, cycle.files[0]].join(' → ')}`);
  console.log(`${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}`);
}
