#!/usr/bin/env node
// Prints the api Deployment and its ConfigMap from deploy/kubernetes, made runnable by
// `podman kube play --network host` on this machine: the Secret becomes a ConfigMap (podman 4.3
// cannot read Secrets), the settings point at the host's Postgres and NATS with a database of the
// test's own, storage stays on the pod's disk, and the API listens on 18090 (no port mappings:
// podman refuses them on the host network).
//   node deploy/test/kube-site.mjs <work dir> <image> <database url>
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';

const [dir, image, databaseUrl] = process.argv.slice(2);
const kube = new URL('../kubernetes/', import.meta.url).pathname;
const docs = (file) => parseAllDocuments(readFileSync(join(kube, file), 'utf8')).map((d) => d.toJS());
const PORT = 18090;

const config = parse(readFileSync(join(kube, 'configmap.yaml'), 'utf8'));
const secret = parse(readFileSync(join(kube, 'secret.yaml'), 'utf8'));
for (const key of ['S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'S3_BUCKET']) delete config.data[key];
for (const key of ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET']) delete secret.stringData[key];
Object.assign(config.data, {
  PUBLIC_URL: `http://127.0.0.1:${PORT}`, NATS_URL: 'nats://127.0.0.1:4222', NATS_STREAM: 'STARDECK_KUBE_TEST', NATS_SUBJECT_PREFIX: 'kubetest.events',
  // No migrate Job here (kube play runs Pods and Deployments): this one replica migrates.
  MIGRATE_ON_START: 'true', PORT: String(PORT), HOST: '127.0.0.1',
});
const secretAsConfig = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'stardeck-secret' }, data: { ...secret.stringData, DATABASE_URL: databaseUrl } };

const api = docs('api.yaml').find((d) => d.kind === 'Deployment');
api.spec.replicas = 1;
const pod = api.spec.template.spec;
const [container] = pod.containers;
container.image = image;
container.envFrom = [{ configMapRef: { name: 'stardeck' } }, { configMapRef: { name: 'stardeck-secret' } }];
// On the host's network there is nothing to map: the container listens on PORT itself.
delete container.ports;
for (const probe of ['readinessProbe', 'livenessProbe', 'startupProbe']) container[probe].httpGet.port = PORT;
pod.volumes = pod.volumes.map((volume) => {
  const path = join(dir, `volume-${volume.name}`);
  mkdirSync(path, { recursive: true, mode: 0o777 });
  return { name: volume.name, hostPath: { path, type: 'Directory' } };
});

process.stdout.write([config, secretAsConfig, api].map((doc) => stringify(doc)).join('---\n'));
