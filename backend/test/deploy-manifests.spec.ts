import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { parseAllDocuments, parse as parseYaml } from 'yaml';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as core from 'kubernetes-models/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as keda from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Environment, loadEnvironment } from '../src/config/environment';

/**
 * The Kubernetes manifests of infra/k8s, rendered as an operator would (kubectl kustomize of the
 * example overlay) and checked against the Kubernetes schemas, and the settings of .env.example
 * checked to reach every container of ours.
 */
const ROOT = join(__dirname, '..', '..');
const K8S = join(ROOT, 'infra', 'k8s');

/**
 * Settings of .env.example that no api, worker or migration process reads: the scripts that
 * find or start local services, the dev server, the tests and the benchmarks read them.
 */
const LOCAL_ONLY: Record<string, string> = {
  DATABASE_NAME: 'names the local database npm start makes when DATABASE_URL is empty',
  EMBEDDED_PG_PORT: 'the embedded PostgreSQL npm start runs when none answers',
  FRESH_DATABASE: 'npm start on a test or benchmark database only',
  BACKUP_DIR: 'npm run backup, run beside the deployment',
  PG_BIN_DIR: 'npm run backup and restore',
  REDIS_SERVER_BIN: 'the redis-server npm start runs when none answers',
  MAILDEV_SMTP_PORT: 'the local mail catcher of npm start',
  MAILDEV_WEB_PORT: 'the local mail catcher of npm start',
  DEV_PORT: 'npm run dev',
  API_PROXY_TARGET: 'npm run dev',
  SKIP_DOTENV: 'the test harnesses',
  TEST_DATABASE_URL: 'npm test',
  TEST_REDIS_URL: 'npm test',
  TEST_WORKERS: 'npm test',
  KEEP_TEST_DATABASE: 'npm test',
  TEST_LOG_LEVEL: 'npm test',
  E2E_LOG_LEVEL: 'npm test',
  E2E_SCREENSHOTS: 'npm test',
  CHROMIUM_PATH: 'npm test',
  BENCH_CONNECTIONS: 'the benchmarks',
  BENCH_SECONDS: 'the benchmarks',
  BENCH_ROWS: 'the benchmarks',
  BENCH_KEEP_DATABASE: 'the benchmarks',
  BENCH_REUSE: 'the benchmarks',
  BENCH_TOKENS: 'the benchmarks',
  BENCH_TOKEN_DELAY_MS: 'the benchmarks',
  BENCH_ROUNDS: 'the benchmarks',
  DRILL_SECONDS: 'npm run drill:rolling',
  DRILL_SMTP_DELAY_MS: 'npm run drill:rolling',
  NGINX_BIN: 'npm run drill:rolling (and npm test, which runs its short form)',
  API_REPLICAS: 'docker compose (replicas of the api service)',
  WORKER_REPLICAS: 'docker compose (replicas of the worker service)',
};

/** Each kind we ship, by apiVersion and kind, with its schema's class. */
const MODELS: Record<string, { new (data: never): { validate(): void } }> = {
  'v1/Namespace': core.Namespace,
  'v1/ConfigMap': core.ConfigMap,
  'v1/Secret': core.Secret,
  'v1/Service': core.Service,
  'apps/v1/Deployment': apps.Deployment,
  'batch/v1/Job': batch.Job,
  'policy/v1/PodDisruptionBudget': policy.PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': autoscaling.HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': networking.Ingress,
  'keda.sh/v1alpha1/ScaledObject': keda.ScaledObject,
};

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  data?: Record<string, string>;
  spec?: Record<string, unknown>;
}

interface Container {
  name: string;
  image: string;
  command?: string[];
  env?: Array<{ name: string; value?: string }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  livenessProbe?: { httpGet?: { path: string } };
  readinessProbe?: { httpGet?: { path: string } };
}

function findKubectl(): string {
  for (const candidate of [process.env.KUBECTL_PATH, 'kubectl']) {
    if (candidate && spawnSync(candidate, ['version', '--client'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  throw new Error(
    'kubectl (with its built-in kustomize) is needed to render infra/k8s: install it, or set KUBECTL_PATH',
  );
}

/** The example overlay as `kubectl kustomize` renders it, with its example secrets. */
function render(): Manifest[] {
  const copy = mkdtempSync(join(tmpdir(), 'mf-k8s-'));
  try {
    cpSync(K8S, join(copy, 'k8s'), { recursive: true });
    const overlay = join(copy, 'k8s', 'overlays', 'example');
    copyFileSync(join(overlay, 'secrets.env.example'), join(overlay, 'secrets.env'));
    const text = execFileSync(findKubectl(), ['kustomize', overlay], { encoding: 'utf8' });
    const objects = parseAllDocuments(text).map((document) => document.toJS() as Manifest);
    // kubectl folds a long base64 value over lines, which the API server reads (Go's decoder skips
    // newlines) but the schema's "byte" format does not: compare them unfolded.
    for (const object of objects) {
      if (object.kind !== 'Secret') continue;
      for (const key of Object.keys(object.data ?? {})) object.data![key] = object.data![key].replace(/\s/g, '');
    }
    return objects;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

function dotEnvKeys(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
    .filter((key): key is string => key !== undefined);
}

/** Every setting the app's processes read: the validated fields of Environment. */
function appSettings(): string[] {
  const fields = getMetadataStorage()
    .getTargetValidationMetadatas(Environment, '', true, false)
    .map((rule) => rule.propertyName);
  return [...new Set(fields)].sort();
}

describe('Kubernetes manifests (infra/k8s)', () => {
  let objects: Manifest[];
  const find = (kind: string, name: string) => {
    const found = objects.find((o) => o.kind === kind && o.metadata.name.startsWith(name));
    if (!found) throw new Error(`No ${kind} ${name} in the rendered overlay`);
    return found;
  };
  const podSpec = (o: Manifest) =>
    (o.spec as { template: { spec: { containers: Container[]; terminationGracePeriodSeconds?: number } } }).template
      .spec;

  beforeAll(() => {
    objects = render();
  });

  it('renders objects that each pass the Kubernetes schema of their kind', () => {
    const kinds = objects.map((o) => `${o.kind}/${o.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`).sort();
    expect(kinds).toEqual(
      [
        'ConfigMap/maison-config',
        'Deployment/api',
        'Deployment/web',
        'Deployment/worker',
        'HorizontalPodAutoscaler/api',
        'Ingress/maison',
        'Job/migrate',
        'Namespace/maison',
        'PodDisruptionBudget/api',
        'PodDisruptionBudget/web',
        'PodDisruptionBudget/worker',
        'ScaledObject/worker',
        'Secret/maison-secrets',
        'Service/api',
        'Service/web',
      ].sort(),
    );
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model).toBeDefined();
      expect(() => new Model(object as never).validate()).not.toThrow();
      if (object.kind !== 'Namespace') expect(object.metadata.namespace).toBe('maison');
    }
  });

  it('a schema violation is caught (the check can fail)', () => {
    const api = structuredClone(find('Deployment', 'api'));
    (api.spec as { replicas: unknown }).replicas = 'two';
    expect(() => new apps.Deployment(api as never).validate()).toThrow();
  });

  it('runs api and worker from the one image, probes the health routes, and migrates as its own step', () => {
    const api = podSpec(find('Deployment', 'api')).containers[0];
    const worker = podSpec(find('Deployment', 'worker')).containers[0];
    const migrate = podSpec(find('Job', 'migrate')).containers[0];
    expect(new Set([api.image, worker.image, migrate.image])).toEqual(new Set(['registry.example.com/maison:1.0.0']));
    expect(api.command?.at(-1)).toBe('backend/dist/src/main.js');
    expect(worker.command?.at(-1)).toBe('backend/dist/src/worker.js');
    expect(migrate.command?.at(-1)).toBe('backend/dist/src/migrate.js');
    expect(api.livenessProbe?.httpGet?.path).toBe('/api/health/live');
    expect(api.readinessProbe?.httpGet?.path).toBe('/api/health/ready');
    // Replicas never migrate: the Job does.
    expect(find('ConfigMap', 'maison-config').data?.MIGRATE_ON_START).toBe('0');
    // The pod is given longer than the process takes to drain.
    const config = find('ConfigMap', 'maison-config').data ?? {};
    const drain = (Number(config.SHUTDOWN_DELAY_MS) + Number(config.SHUTDOWN_GRACE_MS)) / 1000;
    for (const name of ['api', 'worker']) {
      expect(podSpec(find('Deployment', name)).terminationGracePeriodSeconds).toBeGreaterThan(drain);
    }
    const scaled = find('ScaledObject', 'worker').spec as { triggers: Array<{ metadata: { query: string } }> };
    expect(scaled.triggers[0].metadata.query).toContain('bullmq_queue_jobs');
  });

  it('hands every setting the app reads to the api, the worker and the migration, with values that pass its checks', () => {
    const config = find('ConfigMap', 'maison-config');
    const secret = find('Secret', 'maison-secrets');
    const secretValues = Object.fromEntries(
      Object.entries(secret.data ?? {}).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]),
    );
    for (const [kind, name] of [
      ['Deployment', 'api'],
      ['Deployment', 'worker'],
      ['Job', 'migrate'],
    ]) {
      const container = podSpec(find(kind, name)).containers[0];
      expect(container.envFrom?.map((from) => from.configMapRef?.name ?? from.secretRef?.name)).toEqual([
        config.metadata.name,
        secret.metadata.name,
      ]);
      const own = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value ?? '']));
      const environment = { ...config.data, ...secretValues, ...own };
      const missing = appSettings().filter((key) => !(key in environment));
      expect({ [`${kind}/${name}`]: missing }).toEqual({ [`${kind}/${name}`]: [] });
      expect(() => loadEnvironment(environment)).not.toThrow();
    }
  });

  it('names in .env.example every setting the app reads, and why each other one is local only', () => {
    const example = dotEnvKeys(join(ROOT, '.env.example'));
    const app = appSettings();
    expect(app.filter((key) => !example.includes(key))).toEqual([]);
    expect(example.filter((key) => !app.includes(key) && !(key in LOCAL_ONLY))).toEqual([]);
  });

  it('keeps the example secrets out of the repository', () => {
    const ignored = spawnSync('git', ['check-ignore', '-q', join(K8S, 'overlays', 'example', 'secrets.env')], {
      cwd: ROOT,
    });
    expect(ignored.status).toBe(0);
    expect(existsSync(join(K8S, 'overlays', 'example', 'secrets.env.example'))).toBe(true);
  });

  it('docker-compose runs api and worker replicas behind nginx', () => {
    const compose = parseYaml(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8')) as {
      services: Record<string, { deploy?: { replicas?: unknown }; command?: string[] }>;
    };
    expect(compose.services.api.deploy?.replicas).toBeDefined();
    expect(compose.services.worker.deploy?.replicas).toBeDefined();
    expect(compose.services.migrate.command?.at(-1)).toBe('backend/dist/src/migrate.js');
  });
});
