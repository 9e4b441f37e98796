import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const DIR = join(__dirname, '../../deploy/kubernetes');

/** The Kubernetes schema of each kind the manifests use (kubernetes-models validates against the API's OpenAPI schemas). */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': core.Namespace,
  'v1/ConfigMap': core.ConfigMap,
  'v1/Secret': core.Secret,
  'v1/Service': core.Service,
  'apps/v1/Deployment': apps.Deployment,
  'batch/v1/Job': batch.Job,
  'autoscaling/v2/HorizontalPodAutoscaler': autoscaling.HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': policy.PodDisruptionBudget,
  'networking.k8s.io/v1/Ingress': networking.Ingress,
};

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

const kustomization = parse(readFileSync(join(DIR, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
const manifests: Manifest[] = kustomization.resources.flatMap((file) =>
  parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((doc) => doc.toJS() as Manifest),
);
const named = (kind: string, name: string) => manifests.find((m) => m.kind === kind && m.metadata.name === name);

describe('the Kubernetes manifests', () => {
  it('lists every manifest of the folder in the kustomization', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml').sort();
    expect([...kustomization.resources].sort()).toEqual(files);
  });

  it('holds only objects valid against the Kubernetes schemas', () => {
    for (const manifest of manifests) {
      const Model = MODELS[`${manifest.apiVersion}/${manifest.kind}`];
      expect(Model, `${manifest.apiVersion} ${manifest.kind}`).toBeDefined();
      expect(() => new Model!(manifest as never).validate(), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow();
    }
    // The validator does find what is wrong.
    const broken = { ...named('Deployment', 'stardeck-api')!, spec: { replicas: 'two' } };
    expect(() => new apps.Deployment(broken as never).validate()).toThrow();
  });

  it('runs each role as a non-root Deployment, ready on /ready and alive on /health', () => {
    for (const role of ['api', 'projector', 'transcoder']) {
      const deployment = named('Deployment', `stardeck-${role}`);
      expect(deployment, role).toBeDefined();
      const pod = deployment!.spec.template.spec;
      const [container] = pod.containers;
      expect(container.args).toEqual([role]);
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001 });
      expect(container.securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true });
      expect(container.readinessProbe.httpGet.path).toBe('/ready');
      expect(container.livenessProbe.httpGet.path).toBe('/health');
      // The probes reach a port the container opens: the API's, or HEALTH_PORT for the others.
      const port = container.ports.find((p: { name: string }) => p.name === container.readinessProbe.httpGet.port);
      expect(port, role).toBeDefined();
      if (role !== 'api') expect(container.env).toContainEqual({ name: 'HEALTH_PORT', value: String(port.containerPort) });
      expect(container.envFrom).toEqual([{ configMapRef: { name: 'stardeck' } }, { secretRef: { name: 'stardeck' } }]);
      expect(named('PodDisruptionBudget', `stardeck-${role}`)?.spec.selector.matchLabels).toEqual(deployment!.spec.selector.matchLabels);
    }
  });

  it('scales the API and the transcoders, and serves the API through a Service and an Ingress', () => {
    for (const role of ['api', 'transcoder']) {
      expect(named('HorizontalPodAutoscaler', `stardeck-${role}`)?.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: `stardeck-${role}` });
    }
    expect(named('HorizontalPodAutoscaler', 'stardeck-projector')).toBeUndefined();
    const service = named('Service', 'stardeck-api')!;
    expect(service.spec.selector).toEqual(named('Deployment', 'stardeck-api')!.spec.selector.matchLabels);
    const backend = named('Ingress', 'stardeck')!.spec.rules[0].http.paths[0].backend.service;
    expect(backend).toEqual({ name: 'stardeck-api', port: { name: 'http' } });
  });

  it('migrates once per release in a Job while every replica waits for the schema', () => {
    expect(named('ConfigMap', 'stardeck')?.data?.MIGRATE_ON_START).toBe('false');
    const job = named('Job', 'stardeck-migrate')!;
    expect(job.spec.template.spec.containers[0].args).toEqual(['migrate']);
    // Postgres, NATS and S3 are external, named by URL.
    expect(Object.keys(named('Secret', 'stardeck')!.stringData!)).toEqual(expect.arrayContaining(['DATABASE_URL', 'STARDECK_SECRET', 'S3_SECRET_ACCESS_KEY']));
    expect(named('ConfigMap', 'stardeck')!.data).toMatchObject({ NATS_URL: expect.stringMatching(/^nats:\/\//), S3_ENDPOINT: expect.stringMatching(/^https?:\/\//) });
  });
});

describe('the Compose site', () => {
  const compose = parse(readFileSync(join(__dirname, '../../deploy/compose.yaml'), 'utf8'), { merge: true }) as { services: Record<string, any> };

  it('runs two of each stardeck role on one image, behind a proxy, with the services around them', () => {
    const roles = (command: string) => Object.entries(compose.services).filter(([, s]) => s.command?.[0] === command).map(([name]) => name);
    expect(roles('api')).toEqual(['api-1', 'api-2']);
    expect(roles('projector')).toEqual(['projector-1', 'projector-2']);
    expect(roles('transcoder')).toEqual(['transcoder-1', 'transcoder-2']);
    expect(roles('migrate')).toEqual(['migrate']);
    for (const name of [...roles('api'), ...roles('projector'), ...roles('transcoder')]) {
      expect(compose.services[name].image, name).toBe('${STARDECK_IMAGE:-stardeck:latest}');
      expect(compose.services[name].environment.MIGRATE_ON_START, name).toBe('false');
    }
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'nats', 's3', 'proxy']));
    const haproxy = readFileSync(join(__dirname, '../../deploy/haproxy.cfg'), 'utf8');
    for (const api of roles('api')) expect(haproxy).toContain(`server ${api} ${api}:8080`);
    expect(haproxy).toMatch(/cookie STARDECK_NODE insert/);
  });

  it('documents every variable it reads in .env.example', () => {
    const text = readFileSync(join(__dirname, '../../deploy/compose.yaml'), 'utf8');
    const used = new Set([...text.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!));
    const example = readFileSync(join(__dirname, '../../deploy/.env.example'), 'utf8');
    for (const name of used) expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});
