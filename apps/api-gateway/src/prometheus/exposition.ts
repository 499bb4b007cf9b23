/**
 * Prometheus' text exposition format 0.0.4 (https://prometheus.io/docs/instrumenting/exposition_formats/): one
 * `# HELP` and one `# TYPE` line per metric family, then its samples, every family's samples together.
 */
export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type Labels = Readonly<Record<string, string>>;

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A label value: backslash, double quote and line feed escaped, as the format requires. */
export function escapeLabelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (c) => (c === '\n' ? '\\n' : `\\${c}`));
}

/** A HELP text: backslash and line feed escaped. */
function escapeHelp(text: string): string {
  return text.replace(/[\\\n]/g, (c) => (c === '\n' ? '\\n' : '\\\\'));
}

/** A sample value as Go's ParseFloat reads it (NaN, +Inf, -Inf spelt as Prometheus does). */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

interface Family {
  help: string;
  type: 'gauge' | 'counter';
  lines: string[];
  series: Set<string>;
}

/**
 * Collects samples by family and renders them. A value that is null or undefined is no sample (the game did not
 * report it); booleans are 1 and 0. A second sample with the same labels in one family is a programming error
 * (Prometheus would refuse the whole scrape), so it throws.
 */
export class Exposition {
  private readonly families = new Map<string, Family>();

  /** Declares a family; samples of an undeclared family throw. Declaration order is the output order. */
  declare(name: string, type: Family['type'], help: string): this {
    if (!NAME.test(name)) throw new Error(`not a metric name: ${name}`);
    if (this.families.has(name)) throw new Error(`metric ${name} declared twice`);
    this.families.set(name, { help, type, lines: [], series: new Set() });
    return this;
  }

  add(name: string, labels: Labels, value: number | boolean | null | undefined): void {
    const family = this.families.get(name);
    if (!family) throw new Error(`metric ${name} is not declared`);
    if (value === null || value === undefined) return;
    const pairs: string[] = [];
    for (const [label, text] of Object.entries(labels)) {
      if (!LABEL.test(label) || label.startsWith('__')) throw new Error(`not a label name: ${label}`);
      pairs.push(`${label}="${escapeLabelValue(text)}"`);
    }
    const series = pairs.length > 0 ? `${name}{${pairs.join(',')}}` : name;
    if (family.series.has(series)) throw new Error(`duplicate series ${series}`);
    family.series.add(series);
    family.lines.push(`${series} ${typeof value === 'boolean' ? (value ? '1' : '0') : formatValue(value)}`);
  }

  /** The exposition: families with at least one sample, in declaration order; ends with a line feed. */
  text(): string {
    let out = '';
    for (const [name, family] of this.families) {
      if (family.lines.length === 0) continue;
      out += `# HELP ${name} ${escapeHelp(family.help)}\n# TYPE ${name} ${family.type}\n`;
      out += `${family.lines.join('\n')}\n`;
    }
    return out;
  }
}
