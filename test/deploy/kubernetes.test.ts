/**
 * deploy/kubernetes/: every object validated by the Kubernetes OpenAPI
 * schemas (kubernetes-models), and the values that must agree across them:
 * selectors and names, the container port, probe paths the gateway serves,
 * a ConfigMap + Secret that make a valid production configuration, and a
 * termination grace period that covers preStop plus the gateway's drain.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { loadConfig } from '../../src/config.js';
import { CLOSE_APP_MS } from '../../src/shutdown.js';
import { deployPath, readDeployFile, statusOfPaths, yamlDocuments } from './deploy-files.js';

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  Deployment,
  Service,
  HorizontalPodAutoscaler,
  PodDisruptionBudget,
  ConfigMap,
  Secret,
};

const files = readdirSync(deployPath('kubernetes')).filter((name) => name.endsWith('.yaml'));
const manifests = files
  .filter((name) => name !== 'kustomization.yaml')
  .flatMap((file) => (yamlDocuments(readDeployFile(`kubernetes/${file}`)) as Manifest[]).map((manifest) => ({ file, manifest })));
/** The Secret example's values with its placeholders replaced, as its header tells an operator to do. */
const filledSecret = (stringData: Record<string, string>) => ({
  ...stringData,
  MARKETPLACE_WEBHOOK_SECRET: '5d0c9b7e3a214f68b1e2c9d84f7a6e03',
  GATEWAY_ADMIN_KEY: 'a83f61d2c4b94e0f9d7125b6e3c8f04a',
});
const one = <T>(kind: string) => {
  const found = manifests.filter((m) => m.manifest.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!.manifest as unknown as T;
};

interface Probe {
  httpGet: { path: string; port: string | number };
}
interface Container {
  name: string;
  ports: Array<{ name: string; containerPort: number }>;
  envFrom: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  livenessProbe: Probe;
  readinessProbe: Probe;
  startupProbe?: Probe;
  lifecycle: { preStop: { exec: { command: string[] } } };
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  securityContext: { allowPrivilegeEscalation: boolean; readOnlyRootFilesystem: boolean; capabilities: { drop: string[] } };
}
interface DeploymentManifest extends Manifest {
  spec: {
    selector: { matchLabels: Record<string, string> };
    template: {
      metadata: { labels: Record<string, string> };
      spec: { terminationGracePeriodSeconds: number; securityContext: { runAsNonRoot: boolean }; containers: Container[] };
    };
  };
}

describe('deploy/kubernetes', () => {
  it('holds a Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget, ConfigMap and Secret example, each valid by the Kubernetes schema', () => {
    expect(manifests.map((m) => m.manifest.kind).sort()).toEqual(Object.keys(MODELS).sort());
    for (const { file, manifest } of manifests) {
      const Model = MODELS[manifest.kind]!;
      expect(() => new Model(manifest as never).validate(), `${file}: ${manifest.kind}`).not.toThrow();
    }
    expect(one<Manifest>('HorizontalPodAutoscaler').apiVersion).toBe('autoscaling/v2');
    // The validator is not a formality: a wrong type fails it.
    const broken = structuredClone(one<DeploymentManifest>('Deployment'));
    (broken.spec.template.spec as Record<string, unknown>).terminationGracePeriodSeconds = 'thirty';
    expect(() => new Deployment(broken as never).validate()).toThrow(/terminationGracePeriodSeconds/);
  });

  it('lists every manifest but the Secret example in kustomization.yaml', () => {
    const [kustomization] = yamlDocuments(readDeployFile('kubernetes/kustomization.yaml')) as [{ resources: string[] }];
    const expected = [...new Set(manifests.filter((m) => m.manifest.kind !== 'Secret').map((m) => m.file))].sort();
    expect([...kustomization.resources].sort()).toEqual(expected);
  });

  it('selects the Deployment’s pods from the Service, the budget and the autoscaler', () => {
    const deployment = one<DeploymentManifest>('Deployment');
    const podLabels = deployment.spec.template.metadata.labels;
    const matches = (selector: Record<string, string>) => Object.entries(selector).every(([key, value]) => podLabels[key] === value);
    expect(matches(deployment.spec.selector.matchLabels)).toBe(true);
    const service = one<Manifest & { spec: { selector: Record<string, string>; ports: Array<{ targetPort: string }> } }>('Service');
    expect(matches(service.spec.selector)).toBe(true);
    expect(deployment.spec.template.spec.containers[0]!.ports.map((p) => p.name)).toContain(service.spec.ports[0]!.targetPort);
    const budget = one<Manifest & { spec: { selector: { matchLabels: Record<string, string> }; maxUnavailable: number } }>(
      'PodDisruptionBudget',
    );
    expect(matches(budget.spec.selector.matchLabels)).toBe(true);
    const hpa = one<
      Manifest & { spec: { scaleTargetRef: { apiVersion: string; kind: string; name: string }; minReplicas: number; maxReplicas: number } }
    >('HorizontalPodAutoscaler');
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name });
    // The autoscaler alone sets the count: a fixed one in the Deployment would undo its work on every apply.
    expect(deployment.spec).not.toHaveProperty('replicas');
    // A node drain never takes the last serving replica.
    expect(hpa.spec.minReplicas).toBeGreaterThan(budget.spec.maxUnavailable);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
  });

  it('configures the gateway from the ConfigMap and Secret: a valid production configuration on Redis, on the container’s port', () => {
    const container = one<DeploymentManifest>('Deployment').spec.template.spec.containers[0]!;
    const configMap = one<Manifest & { data: Record<string, string> }>('ConfigMap');
    const secret = one<Manifest & { stringData: Record<string, string> }>('Secret');
    expect(container.envFrom).toEqual([{ configMapRef: { name: configMap.metadata.name } }, { secretRef: { name: secret.metadata.name } }]);
    // As shipped, the example's change-me placeholders stop a production gateway, naming each.
    expect(() => loadConfig({ ...configMap.data, ...secret.stringData })).toThrow(
      /MARKETPLACE_WEBHOOK_SECRET: is a published placeholder[\s\S]*GATEWAY_ADMIN_KEY: is a published placeholder/,
    );
    const config = loadConfig({ ...configMap.data, ...filledSecret(secret.stringData) });
    expect(config.production).toBe(true);
    expect(config.redisUrl).toMatch(/^rediss?:\/\//);
    expect(container.ports).toEqual([{ name: 'http', containerPort: config.port }]);
    // Credentials live in the Secret only.
    for (const name of ['REDIS_URL', 'MARKETPLACE_WEBHOOK_SECRET', 'GATEWAY_ADMIN_KEY']) expect(configMap.data[name], name).toBeUndefined();
  });

  it('gives the pod time for preStop and the gateway’s whole drain before it is killed', () => {
    const deployment = one<DeploymentManifest>('Deployment');
    const container = deployment.spec.template.spec.containers[0]!;
    const [command, seconds] = container.lifecycle.preStop.exec.command;
    expect(command).toBe('sleep');
    const configMap = one<Manifest & { data: Record<string, string> }>('ConfigMap');
    const secret = one<Manifest & { stringData: Record<string, string> }>('Secret');
    const { delayMs, graceMs } = loadConfig({ ...configMap.data, ...filledSecret(secret.stringData) }).shutdown;
    const neededMs = Number(seconds) * 1000 + delayMs + graceMs + CLOSE_APP_MS;
    expect(deployment.spec.template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThanOrEqual(neededMs);
  });

  it('runs non-root on a read-only root file system, with requests and limits', () => {
    const spec = one<DeploymentManifest>('Deployment').spec.template.spec;
    const container = spec.containers[0]!;
    expect(spec.securityContext.runAsNonRoot).toBe(true);
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
    expect(Object.keys(container.resources.requests).sort()).toEqual(['cpu', 'memory']);
    expect(container.resources.limits.memory).toBeDefined();
  });

  it('probes liveness on /healthz and readiness on /readyz, paths the gateway answers 200', async () => {
    const container = one<DeploymentManifest>('Deployment').spec.template.spec.containers[0]!;
    expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    const paths = [container.livenessProbe, container.readinessProbe, container.startupProbe!].map((probe) => probe.httpGet.path);
    const statuses = await statusOfPaths([...new Set(paths)]);
    expect(statuses).toEqual({ '/healthz': 200, '/readyz': 200 });
  });
});
