/**
 * `explain` against goldens under test/golden/explain, and the same goldens against stock kubectl
 * 1.32 reading the same server's OpenAPI v3 through the rename proxy (its output renamed back must
 * equal ours byte for byte); `--output=plaintext-openapiv2` reads `/openapi/v2` as protobuf, which
 * the rename proxy cannot carry, so that one request goes beside it (test/support/openapi-v2-front.ts). Cases whose text contains renamed names (whose length changes the line
 * wrapping) are compared with the golden only. The kubectl half is skipped, with the reason printed,
 * without kubectl.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../support/cli.js';
import { assertGoldenFile } from '../support/golden.js';
import { kubectlSkipReason, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { startProxiedKubectlWithOpenAPIV2 } from '../support/openapi-v2-front.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

const skipKubectl = kubectlSkipReason();
if (skipKubectl !== undefined) console.log(`# skipping the kubectl comparison of explain: ${skipKubectl}`);

interface Case {
  name: string;
  args: string[];
  /** Compare with kubectl too (false where renamed names change the wrapping, or kubectl cannot read the format through the proxy). */
  kubectl: boolean;
}

const CASES: Case[] = [
  { name: 'configmap-data', args: ['explain', 'configmap.data'], kubectl: true },
  { name: 'configmaps', args: ['explain', 'configmaps'], kubectl: true },
  { name: 'deployments', args: ['explain', 'deployments'], kubectl: true },
  { name: 'deployment-spec', args: ['explain', 'deployment.spec'], kubectl: true },
  { name: 'deployment-strategy-type', args: ['explain', 'deploy.spec.strategy.type'], kubectl: true },
  { name: 'deployments-apps-replicas', args: ['explain', 'deployments.apps.spec.replicas'], kubectl: true },
  { name: 'pod-containers', args: ['explain', 'pods.spec.containers'], kubectl: true },
  { name: 'pods-recursive', args: ['explain', 'pods', '--recursive'], kubectl: true },
  { name: 'service-spec-type', args: ['explain', 'service.spec.type'], kubectl: true },
  { name: 'deployments-api-version', args: ['explain', 'deployments', '--api-version=apps/v1'], kubectl: true },
  { name: 'pdb-v1beta1', args: ['explain', 'pdb.spec', '--api-version=policy/v1beta1'], kubectl: true },
  { name: 'node-conditions', args: ['explain', 'nodes.status.conditions'], kubectl: true },
  { name: 'widgets', args: ['explain', 'widgets.spec'], kubectl: true },
  { name: 'unknown-field', args: ['explain', 'configmap.nope'], kubectl: true },
  { name: 'unknown-type', args: ['explain', 'nosuchthings'], kubectl: true },
  { name: 'unknown-version', args: ['explain', 'deployments', '--api-version=apps/v9'], kubectl: true },
  { name: 'unknown-format', args: ['explain', 'configmaps', '-o', 'yaml'], kubectl: true },
  { name: 'clusterrolebinding-subjects', args: ['explain', 'clusterrolebinding.subjects'], kubectl: false },
  { name: 'v2-deployment-replicas', args: ['explain', 'deployment.spec.replicas', '--output=plaintext-openapiv2'], kubectl: true },
  { name: 'v2-configmaps', args: ['explain', 'configmaps', '--output=plaintext-openapiv2'], kubectl: true },
  { name: 'v2-service-recursive', args: ['explain', 'service.spec', '--recursive', '--output=plaintext-openapiv2'], kubectl: true },
];

const WIDGET_CRD = {
  apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition', metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com', scope: 'Namespaced', names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    versions: [{
      name: 'v1', served: true, storage: true,
      schema: {
        openAPIV3Schema: {
          type: 'object', description: 'A widget of the example group.',
          properties: {
            spec: {
              type: 'object', description: 'What the widget should be.', required: ['size'],
              properties: { size: { type: 'integer', description: 'How big.' }, colour: { type: 'string', enum: ['red', 'green', 'blue'], description: 'Its colour.' } },
            },
          },
        },
      },
    }],
  },
};

function transcript(code: number, stdout: string, stderr: string): string {
  return `exit ${code}\n--- stdout\n${stdout}--- stderr\n${stderr}`;
}

describe('explain', () => {
  let server: TestServer;
  let home: string;
  let config: string;
  let kubectl: ProxiedKubectl | undefined;
  before(async () => {
    server = await startTestServer();
    home = await mkdtemp(join(tmpdir(), 'platformctl-explain-'));
    config = await writeTestKubeconfig(server, home);
    const created = await runCli(['create', '-f', '-'], { env: { PLATFORMCONFIG: config }, home, stdin: JSON.stringify(WIDGET_CRD) });
    assert.equal(created.code, 0, created.stderr);
    for (let i = 0; i < 100; i++) {
      if ((await runCli(['get', 'widgets'], { env: { PLATFORMCONFIG: config }, home })).code === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    if (skipKubectl === undefined) kubectl = await startProxiedKubectlWithOpenAPIV2(server);
  });
  after(async () => {
    await kubectl?.close();
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  for (const c of CASES) {
    test(`${c.args.join(' ')}`, async () => {
      const ours = await runCli(c.args, { env: { PLATFORMCONFIG: config }, home });
      const text = transcript(ours.code, ours.stdout, ours.stderr);
      await assertGoldenFile(`explain/${c.name}.txt`, text);
      if (kubectl === undefined || !c.kubectl) return;
      const theirs = await kubectl.run(c.args);
      const renamed = transcript(theirs.code, theirs.stdout.replace(/k8s\.io/g, 'platform.io'), theirs.stderr.replace(/\bkubectl\b/g, 'platformctl'));
      assert.equal(renamed, text, `kubectl ${c.args.slice(1).join(' ')} differs`);
    });
  }
});
