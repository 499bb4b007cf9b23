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

const FEATURES = join(ROOT, 'apps', 'web', 'src', 'features');

/** The dashboard feature a file belongs to (its folder under apps/web/src/features), or null. */
function featureOf(file: string): string | null {
  return file.startsWith(FEATURES + '/') ? (relative(FEATURES, file).split('/')[0] ?? null) : null;
}

/** Imports of one dashboard feature into another's internals (anything but its index.ts), as "from -> to". */
function featureCrossings(files: string[], imports: (file: string) => string[] = importsOf): string[] {
  return files.flatMap((file) => {
    const own = featureOf(file);
    if (!own) return [];
    return imports(file)
      .filter((target) => {
        const other = featureOf(target);
        return other !== null && other !== own && target !== join(FEATURES, other, 'index.ts');
      })
      .map((target) => `${relative(ROOT, file)} -> ${relative(ROOT, target)}`);
  });
}

/**
 * A form that is not a search or filter says so: `// form-without-validation: <why>` in its file lets a form
 * without react-hook-form pass (a filter's fields apply as they change; there is nothing to validate).
 */
const FORM_EXEMPTION = /(\/\/|\/\*) form-without-validation: \S+/;

/**
 * The .tsx sources with a `<form onSubmit=…>` whose fields are not react-hook-form's (issue 19: every form is
 * useForm with a zod resolver), exempted filter and search forms aside. `text` is the file's source.
 */
function formsWithoutUseForm(sources: { file: string; text: string }[]): string[] {
  const submits = (file: string, text: string): boolean => {
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    let found = false;
    const visit = (node: ts.Node) => {
      if (
        (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) &&
        node.tagName.getText(source) === 'form' &&
        node.attributes.properties.some((a) => ts.isJsxAttribute(a) && a.name.getText(source) === 'onSubmit')
      )
        found = true;
      if (!found) ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  };
  return sources
    .filter(({ file, text }) => submits(file, text) && !/\buseForm\s*[<(]/.test(text) && !FORM_EXEMPTION.test(text))
    .map(({ file }) => relative(ROOT, file));
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
    expect(featureCrossings(files)).toEqual([]);
  });

  it("the feature check finds an import of another feature's internals where there is one", () => {
    const [x, y] = [join(FEATURES, 'a', 'x.ts'), join(FEATURES, 'b', 'y.ts')];
    const imports = (targets: string[]) => (file: string) => (file === x ? targets : []);
    expect(featureCrossings([x, y], imports([y]))).toEqual([`${relative(ROOT, x)} -> ${relative(ROOT, y)}`]);
    // Another feature's index, a file of its own feature, a shared lib: all fine.
    const fine = [
      join(FEATURES, 'b', 'index.ts'),
      join(FEATURES, 'a', 'z.ts'),
      join(ROOT, 'apps', 'web', 'src', 'lib', 'api.ts'),
    ];
    expect(featureCrossings([x, y], imports(fine))).toEqual([]);
  });

  it('every dashboard form with onSubmit is react-hook-form (useForm), or an exempted filter or search form', () => {
    const web = join(ROOT, 'apps', 'web', 'src') + '/';
    const tsx = files.filter((f) => f.startsWith(web) && f.endsWith('.tsx'));
    expect(tsx.length).toBeGreaterThan(0);
    expect(formsWithoutUseForm(tsx.map((file) => ({ file, text: readFileSync(file, 'utf8') })))).toEqual([]);
  });

  it('the form check finds a hand-built form where there is one', () => {
    const file = join(ROOT, 'apps', 'web', 'src', 'features', 'a', 'Form.tsx');
    const handBuilt = [
      "import { useState } from 'react';",
      'export function Name() {',
      "  const [name, setName] = useState('');",
      '  return (',
      '    <form onSubmit={(e) => { e.preventDefault(); if (name.trim()) save(name); }}>',
      '      <input value={name} onChange={(e) => setName(e.target.value)} />',
      '    </form>',
      '  );',
      '}',
    ].join('\n');
    expect(formsWithoutUseForm([{ file, text: handBuilt }])).toEqual([relative(ROOT, file)]);
    // The same form with useForm, marked as a filter, or without onSubmit passes.
    const withUseForm = handBuilt.replace("useState('')", "useForm({ defaultValues: { name: '' } })");
    const exempted = `// form-without-validation: filter\n${handBuilt}`;
    const noSubmit = handBuilt.replace(/ onSubmit=\{.*\}>/, '>');
    expect(formsWithoutUseForm([withUseForm, exempted, noSubmit].map((text) => ({ file, text })))).toEqual([]);
  });

  it('the cycle check finds a cycle where there is one', () => {
    // Two of the sources, read as if each also imported the other: the check must name them.
    const [a, b] = [join(ROOT, 'libs', 'samples', 'src', 'rows.ts'), join(ROOT, 'libs', 'samples', 'src', 'sql.ts')];
    const crossed = (file: string) => [...importsOf(file), file === a ? b : a];
    expect(cycles([a, b], importsOf)).toEqual([]);
    expect(cycles([a, b], crossed)).toEqual([[relative(ROOT, a), relative(ROOT, b)]]);
  });
});
