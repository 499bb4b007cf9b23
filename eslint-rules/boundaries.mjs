// The architecture's import boundaries (issue 18), as one ESLint rule over apps/*/src and libs/*/src:
//  - no app imports another app (share through a lib);
//  - @nats-io/* only inside libs/messaging;
//  - pg, pg-copy-streams and @prisma/* only in repositories (*.repository.ts) and libs/database, and the database
//    handles of @app/database (PrismaService, PgPools, Db, the COPY helpers) only there too, plus modules that wire
//    a pool into a repository (*.module.ts may take PgPools, never query).
// Tests, benches and libs/testing are outside the rule (they set up and inspect databases and NATS directly).
import { dirname, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const DATABASE_DRIVERS = [/^pg$/, /^pg-copy-streams$/, /^@prisma\//];
const DATABASE_HANDLES = new Set(['PrismaService', 'PgPools', 'Db', 'copyInto', 'insertViaCopy', 'forgetStaging']);
const WIRING_HANDLES = new Set(['PgPools']);

/** Where a file sits: `{ kind: 'app' | 'lib', name, path }` for sources under the rule, else null. */
function placeOf(file) {
  const path = relative(ROOT, file).split(sep).join('/');
  const match = /^(apps|libs)\/([^/]+)\/src\/(.+)$/.exec(path);
  if (!match || match[2] === 'testing' || /\.(spec|int-spec|e2e-spec)\.ts$/.test(path)) return null;
  return { kind: match[1] === 'apps' ? 'app' : 'lib', name: match[2], path };
}

const isRepository = (place) => place.path.endsWith('.repository.ts');
const isModule = (place) => place.path.endsWith('.module.ts');

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'apps, messaging and database boundaries of the architecture (docs/architecture.md)' },
    schema: [],
    messages: {
      otherApp:
        "'{{source}}' reaches into app '{{target}}': apps never import another app; move what both need into a lib " +
        '(libs/contracts for shapes, libs/samples for sample kinds).',
      nats: "'{{source}}' is NATS' client: outside libs/messaging use the Messaging facade of @app/messaging.",
      driver:
        "'{{source}}' is a database driver: only repositories (*.repository.ts) and libs/database touch PostgreSQL; " +
        "put the query in this feature's repository.",
      handle:
        "'{{name}}' from @app/database is a database handle: only repositories (*.repository.ts) and libs/database " +
        'use it; call the repository instead.',
    },
  },
  create(context) {
    const place = placeOf(context.filename);
    if (!place) return {};
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (source.startsWith('.')) {
        if (place.kind !== 'app') return;
        const target = relative(ROOT, resolve(dirname(context.filename), source))
          .split(sep)
          .join('/');
        const app = /^apps\/([^/]+)\//.exec(target)?.[1];
        if (app && app !== place.name) context.report({ node, messageId: 'otherApp', data: { source, target: app } });
        return;
      }
      if (source.startsWith('@nats-io/') && !(place.kind === 'lib' && place.name === 'messaging'))
        context.report({ node, messageId: 'nats', data: { source } });
      const database = place.kind === 'lib' && place.name === 'database';
      if (DATABASE_DRIVERS.some((d) => d.test(source)) && !database && !isRepository(place))
        context.report({ node, messageId: 'driver', data: { source } });
      if (source === '@app/database' && !database && !isRepository(place) && node.specifiers)
        for (const s of node.specifiers) {
          const name = s.imported?.name ?? s.local?.name;
          if (DATABASE_HANDLES.has(name) && !(isModule(place) && WIRING_HANDLES.has(name)))
            context.report({ node: s, messageId: 'handle', data: { name } });
        }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { meta: { name: 'gsm-boundaries' }, rules: { imports: rule } };
