import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import * as ts from 'typescript';

const ROOT = join(__dirname, '..');
const MAX_LINES = 400;

/** Source files under apps/*\/src and libs/*\/src (the dashboard's .tsx too); tests, libs/testing, generated code aside. */
function sources(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== 'generated' && entry !== 'dist' && entry !== 'node_modules') walk(path);
      } else if (/\.tsx?$/.test(entry) && !/\.(spec|int-spec|e2e-spec)\.ts$/.test(entry) && !entry.endsWith('.d.ts'))
        files.push(path);
    }
  };
  for (const group of ['apps', 'libs'])
    for (const name of readdirSync(join(ROOT, group))) {
      const src = join(ROOT, group, name, 'src');
      if (!(group === 'libs' && name === 'testing') && existsSync(src)) walk(src);
    }
  return files;
}

/** The file an import names, if it is one of ours: relative paths and `@app/<lib>` (its index). */
function resolveImport(from: string, specifier: string): string | null {
  const base = specifier.startsWith('.')
    ? resolve(dirname(from), specifier)
    : /^@app\/([a-z-]+)$/.exec(specifier)
      ? join(ROOT, 'libs', specifier.slice(5), 'src', 'index')
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  return null;
}

/** The files of ours a file imports. */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles.map((i) => resolveImport(file, i.fileName)).filter((f): f is string => f !== null);
}

/** Every import cycle (type-only imports included: a cycle of types is still two files that cannot stand alone). */
function cycles(files: string[], imports: (file: string) => string[] = importsOf): string[][] {
  const edges = new Map<string, string[]>();
  for (const file of files) edges.set(file, imports(file));
  // Tarjan's strongly connected components: a component of more than one file is a cycle.
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string) => {
    order.set(file, index);
    low.set(file, index++);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, order.get(next)!));
    }
    if (low.get(file) === order.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(relative(ROOT, member));
      } while (member !== file);
      if (component.length > 1 || (edges.get(file) ?? []).includes(file)) found.push(component.sort());
    }
  };
  for (const file of edges.keys()) if (!order.has(file)) visit(file);
  return found;
}

describe('architecture: files by responsibility, no import cycles', () => {
  const files = sources();

  it(`no source file under apps/*/src or libs/*/src is over ${MAX_LINES} lines`, () => {
    const long = files
      .map((f) => [relative(ROOT, f), readFileSync(f, 'utf8').split('\n').length - 1] as const)
      .filter(([, lines]) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });

  it('no import cycle among the sources', () => {
    expect(cycles(files)).toEqual([]);
  });

  it("no dashboard feature imports another feature's internals (only its index)", () => {
    const features = join(ROOT, 'apps', 'web', 'src', 'features');
    const featureOf = (file: string) =>
      file.startsWith(features + '/') ? (relative(features, file).split('/')[0] ?? null) : null;
    const crossing = files.flatMap((file) => {
      const own = featureOf(file);
      if (!own) return [];
      return importsOf(file)
        .filter((target) => {
          const other = featureOf(target);
          return other !== null && other !== own && target !== join(features, other, 'index.ts');
        })
        .map((target) => `${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
    });
    expect(crossing).toEqual([]);
  });

  it('the cycle check finds a cycle where there is one', () => {
    // Two of the sources, read as if each also imported the other: the check must name them.
    const [a, b] = [join(ROOT, 'libs', 'samples', 'src', 'rows.ts'), join(ROOT, 'libs', 'samples', 'src', 'sql.ts')];
    const crossed = (file: string) => [...importsOf(file), file === a ? b : a];
    expect(cycles([a, b], importsOf)).toEqual([]);
    expect(cycles([a, b], crossed)).toEqual([[relative(ROOT, a), relative(ROOT, b)]]);
  });
});
