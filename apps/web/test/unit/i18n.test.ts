import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, NAMESPACES } from '../../src/lib/i18n';

/**
 * The five languages are complete and the code speaks through them: every language has every key of English with
 * the same placeholders, every key the code names exists, and no component renders a hard-coded English text.
 */
const SRC = join(__dirname, '../../src');
const LOCALES = join(SRC, 'locales');

type Tree = { [key: string]: string | Tree };
const load = (language: string, namespace: string): Tree =>
  JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
/** i18next's plural forms differ per language (German has _one/_other, like English; all five do). */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(entry) && !entry.endsWith('.d.ts') ? [path] : [];
  });
}

describe('languages', () => {
  for (const namespace of NAMESPACES) {
    const english = flatten(load('en', namespace));
    for (const language of LANGUAGES.filter((l) => l !== 'en'))
      it(`${language}/${namespace}.json has every key of English, translated, with the same placeholders`, () => {
        const other = flatten(load(language, namespace));
        const missing = [...english.keys()].filter((k) => !other.has(k));
        const extra = [...other.keys()].filter((k) => !english.has(k));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
        const empty = [...other].filter(([, v]) => v.trim() === '').map(([k]) => k);
        expect(empty).toEqual([]);
        const wrong = [...english]
          .filter(([k, v]) => placeholders(v).join() !== placeholders(other.get(k) ?? '').join())
          .map(([k]) => k);
        expect(wrong).toEqual([]);
      });
  }

  it('every key the code names exists in English', () => {
    const known = new Map(NAMESPACES.map((ns) => [ns, new Set([...flatten(load('en', ns)).keys()].map(baseKey))]));
    const unknown: string[] = [];
    for (const file of sources()) {
      const text = readFileSync(file, 'utf8');
      // The namespace a file speaks: useTranslation('x') / getFixedT(null, 'x'), else common.
      const own =
        /useTranslation\(\s*'(\w+)'/.exec(text)?.[1] ?? /getFixedT\([^,]*,\s*'(\w+)'/.exec(text)?.[1] ?? 'common';
      for (const m of text.matchAll(/\bt\(\s*'([\w.:-]+)'/g)) {
        const [ns, key] = m[1].includes(':') ? m[1].split(':') : [own, m[1]];
        if (!known.get(ns as never)?.has(key)) unknown.push(`${relative(SRC, file)}: ${ns}:${key}`);
      }
    }
    expect(unknown).toEqual([]);
  });
});

/** Attributes people read (the rest - class names, test ids, types - are not language). */
const READ_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'label',
  'aria-description',
  'aria-valuetext',
]);
/** Object properties that hold texts for people (label maps, option lists). */
const READ_PROPERTIES = new Set(['label', 'text', 'title', 'help', 'hint', 'description', 'placeholder', 'summary']);
const WORDS = /[A-Za-z]{2,}/;

/** The hard-coded texts of one file: JSX text, read attributes and label properties; `i18n-exempt` lines aside. */
export function hardCoded(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = text.split('\n');
  const found: string[] = [];
  const report = (node: ts.Node, value: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
    if (/i18n-exempt/.test(lines[line] ?? '') || /i18n-exempt/.test(lines[line - 1] ?? '')) return;
    found.push(`${file}:${line + 1}: "${value.trim().slice(0, 60)}"`);
  };
  const isText = (node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral =>
    ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) report(node, node.text);
    else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText()) && node.initializer) {
      const init = node.initializer;
      const value = ts.isJsxExpression(init) ? init.expression : init;
      if (value && isText(value) && WORDS.test(value.text)) report(node, value.text);
    } else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      isText(node.expression) &&
      WORDS.test(node.expression.text)
    )
      report(node, node.expression.text);
    else if (
      ts.isPropertyAssignment(node) &&
      READ_PROPERTIES.has(node.name.getText()) &&
      isText(node.initializer) &&
      /[A-Za-z]{2,}.*\s|^[A-Z][a-z]/.test(node.initializer.text)
    )
      report(node, node.initializer.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no hard-coded English', () => {
  it('the checker finds JSX text, read attributes and label maps, and honours i18n-exempt', () => {
    const found = hardCoded(
      'x.tsx',
      [
        `const L = { ok: { text: 'Connecting…' }, cls: 'conn-ok' };`,
        `export const A = () => <p title="Hello there" className="a b">Sign in {'now please'} {t('ok')}</p>;`,
        `// i18n-exempt: a brand`,
        `export const B = () => <b>Discord</b>;`,
      ].join('\n'),
    );
    expect(found).toEqual([
      'x.tsx:1: "Connecting…"',
      'x.tsx:2: "Hello there"',
      'x.tsx:2: "Sign in"',
      'x.tsx:2: "now please"',
    ]);
  });

  // Parses every source file of the dashboard: seconds on a busy 2-core machine (it timed out at 5 s beside a build).
  it('no component renders text that does not come from the language files', () => {
    const found = sources().flatMap((f) => hardCoded(relative(SRC, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  }, 60_000);
});
