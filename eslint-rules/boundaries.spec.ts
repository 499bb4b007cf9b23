import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(__dirname, '..');
const run = promisify(execFile);

interface LintMessage {
  ruleId: string | null;
  message: string;
  line: number;
}

/** Lints files with the repository's own ESLint configuration; answers each file's messages by path. */
async function lint(files: string[]): Promise<Map<string, LintMessage[]>> {
  const eslint = join(ROOT, 'node_modules', '.bin', 'eslint');
  const { stdout } = await run(eslint, ['--format', 'json', '--no-warn-ignored', ...files], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '[]' })); // exit 1: problems found
  const results = JSON.parse(stdout) as { filePath: string; messages: LintMessage[] }[];
  return new Map(results.map((r) => [relative(ROOT, r.filePath), r.messages]));
}

const BOUNDARY_RULES = new Set(['boundaries/imports', 'no-restricted-properties']);
const boundaryProblems = (messages: LintMessage[] = []) => messages.filter((m) => BOUNDARY_RULES.has(m.ruleId ?? ''));

/**
 * The architecture's boundaries are lint rules (eslint-rules/boundaries.mjs, wired in eslint.config.mjs): these tests
 * lint files that break them and files that keep them with the real configuration, and the whole source tree.
 */
describe('lint: the boundaries of the architecture', () => {
  const tag = `lint-probe-${process.pid}`;
  const probes = {
    app: join(ROOT, 'apps', 'poller', 'src', tag),
    messaging: join(ROOT, 'libs', 'messaging', 'src', tag),
  };
  const file = (dir: string, name: string, text: string) => {
    mkdirSync(dir, { recursive: true });
    const path = join(dir, name);
    writeFileSync(path, text);
    return relative(ROOT, path);
  };
  let results: Map<string, LintMessage[]>;
  let breaking: string;
  let repository: string;
  let messagingFile: string;
  let wiring: string;

  beforeAll(async () => {
    // The probes sit where the rules apply (apps/*/src, libs/*/src); the build excludes lint-probe-* (tsconfig.json of
    // poller and messaging), so a build running meanwhile never sees them. Probes of a killed run: gone first.
    for (const dir of [join(ROOT, 'apps', 'poller', 'src'), join(ROOT, 'libs', 'messaging', 'src')])
      for (const entry of readdirSync(dir))
        if (entry.startsWith('lint-probe-')) rmSync(join(dir, entry), { recursive: true });
    breaking = file(
      probes.app,
      'breaks-boundaries.ts',
      [
        "import { connect } from '@nats-io/transport-node';",
        "import { Pool } from 'pg';",
        "import { PrismaService } from '@app/database';",
        "import { MetricsService } from '../../../api-gateway/src/metrics/metrics.service';",
        '',
        'export async function probe(prisma: PrismaService): Promise<unknown> {',
        "  await prisma.$queryRawUnsafe('SELECT 1');",
        '  return [connect, Pool, MetricsService, prisma];',
        '}',
        '',
      ].join('\n'),
    );
    repository = file(
      probes.app,
      'probe.repository.ts',
      [
        "import { Db, PrismaService } from '@app/database';",
        "import type { Pool } from 'pg';",
        '',
        'export class ProbeRepository {',
        '  constructor(',
        '    private readonly prisma: PrismaService,',
        '    readonly pool: Pool,',
        '  ) {}',
        '',
        '  read(id: string): Promise<unknown> {',
        '    return this.prisma.$queryRaw(Db.Prisma.sql`SELECT ${id}::uuid`);',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    wiring = file(
      probes.app,
      'probe.module.ts',
      [
        "import { PgPools } from '@app/database';",
        '',
        'export const probePool = (p: PgPools) => p.pool("probe", 1);',
        '',
      ].join('\n'),
    );
    messagingFile = file(
      probes.messaging,
      'probe.ts',
      [
        "import { headers } from '@nats-io/transport-node';",
        '',
        'export const probeHeaders = () => headers();',
        '',
      ].join('\n'),
    );
    results = await lint([breaking, repository, wiring, messagingFile, 'apps', 'libs']);
  }, 240_000);

  afterAll(() => {
    for (const dir of Object.values(probes)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses NATS, database drivers and handles outside their places, another app, and untagged raw SQL', () => {
    const problems = boundaryProblems(results.get(breaking)).map((m) => `${m.line}: ${m.message}`);
    expect(problems).toEqual([
      expect.stringMatching(/^1: '@nats-io\/transport-node' is NATS' client: outside libs\/messaging/),
      expect.stringMatching(/^2: 'pg' is a database driver: only repositories/),
      expect.stringMatching(/^3: 'PrismaService' from @app\/database is a database handle/),
      expect.stringMatching(/^4: '.*metrics\.service' reaches into app 'api-gateway': apps never import another app/),
      expect.stringMatching(/^7: '\$queryRawUnsafe' is restricted/),
    ]);
  });

  it('lets repositories use Prisma and pg, modules wire a pool, and libs/messaging use NATS', () => {
    expect(boundaryProblems(results.get(repository))).toEqual([]);
    expect(boundaryProblems(results.get(wiring))).toEqual([]);
    expect(boundaryProblems(results.get(messagingFile))).toEqual([]);
  });

  it('the source tree keeps every boundary (no file of apps/*/src or libs/*/src breaks one)', () => {
    const offenders = [...results]
      .filter(([path]) => ![breaking, repository, wiring, messagingFile].includes(path))
      .flatMap(([path, messages]) => boundaryProblems(messages).map((m) => `${path}:${m.line} ${m.message}`));
    expect(offenders).toEqual([]);
  });
});
