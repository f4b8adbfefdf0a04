/**
 * Differential test of `get -o jsonpath=...` and `-o custom-columns=...`: the JSONPath template
 * table of the printers (test/fixtures/printers/jsonpath) run through `platformctl get` and through
 * stock kubectl (via the rename proxy) against the same object on the local server. Fails on any
 * difference outside the documented extensions; skips with the reason when kubectl is absent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { runCli } from '../../../support/cli.js';
import { startTestServer, writeTestKubeconfig } from '../../../support/server.js';
import { jsonPathCases, jsonPathObject, sameOutcome, type Outcome } from '../../printers/support/jsonpath-cases.js';
import { mapLimit } from '../../printers/support/kubectl.js';
import { toK8s, toPlatform } from '../../printers/support/rename.js';
import { kubectlSkipReason, startProxiedKubectl } from '../../../support/kubectl-proxy.js';

const CRD = {
  apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition',
  metadata: { name: 'things.example.com' },
  spec: {
    group: 'example.com', scope: 'Namespaced',
    names: { plural: 'things', singular: 'thing', kind: 'Thing', listKind: 'ThingList' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
  },
};

const COLUMNS = [
  'NAME:.metadata.name,NS:.metadata.namespace',
  'PODS:.pods[*].name',
  'FIRST:.pods[0].name,MISSING:.nothing',
  'NUMS:.nums,NESTED:.nested',
  'LABEL:.metadata.labels.a,FLOAT:.float,BIG:.big',
  'T:{.t},F:{.f},NULL:.nullv',
];

function outcomeOf(r: { code: number; stdout: string; stderr: string }): Outcome {
  return { stdout: r.stdout, error: r.code === 0 ? '' : (r.stderr.replace(/^error: /, '').split('\n')[0] ?? '') };
}

test('get -o jsonpath and -o custom-columns print as kubectl does', { timeout: 300_000 }, async (t) => {
  const reason = kubectlSkipReason();
  if (reason !== undefined) {
    t.skip(`${reason}: differential get test skipped`);
    return;
  }
  const server = await startTestServer();
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-get-diff-'));
  const kubectl = await startProxiedKubectl(server);
  try {
    const config = await writeTestKubeconfig(server, join(dir, '.config'));
    const options = { env: { PLATFORMCONFIG: config, HOME: join(dir, '.home') }, cwd: dir, home: join(dir, '.home') };
    const api = async (path: string, body: unknown): Promise<void> => {
      const { ApiClient } = await import('../../../support/api.js');
      const client = new ApiClient(server);
      try {
        const res = await client.request('POST', path, { body });
        assert.ok(res.status === 201 || res.status === 200, `POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      } finally {
        client.close();
      }
    };
    await api('/apis/apiextensions.platform.io/v1/customresourcedefinitions', CRD);
    await new Promise((r) => setTimeout(r, 300));
    // Names in platform.io naming would be renamed on kubectl's side only (and sort differently):
    // the object and the templates compared leave them out.
    const { apiVersion: _a, kind: _k, ...rest } = JSON.parse(JSON.stringify(jsonPathObject, (key, value: unknown) => (key.includes('platform.io') ? undefined : value))) as Record<string, unknown>;
    await api('/apis/example.com/v1/namespaces/default/things', { apiVersion: 'example.com/v1', kind: 'Thing', ...rest });

    const cases = jsonPathCases.filter((c) => c.extension !== true && !c.template.includes('platform'));
    const failures: string[] = [];
    await mapLimit(cases, 4, async (c, i) => {
      const format = c.asJson === true ? 'jsonpath-as-json' : 'jsonpath';
      const strict = c.strict === true ? ['--allow-missing-template-keys=false'] : [];
      const ours = outcomeOf(await runCli(['get', 'things', 'fixture', '-o', `${format}=${c.template}`, ...strict], options));
      const k = await kubectl.run(['get', 'things', 'fixture', '-o', `${format}=${toK8s(c.template)}`, ...strict]);
      const theirs = outcomeOf({ code: k.code, stdout: toPlatform(k.stdout), stderr: toPlatform(k.stderr.replaceAll('kubectl', 'platformctl')) });
      // kubectl crashes on some templates (a Go panic); there is nothing to compare.
      if (theirs.error.startsWith('panic:')) return;
      if (!sameOutcome(c, ours, theirs)) failures.push(`#${i} ${c.template}\n  kubectl ${JSON.stringify(theirs)}\n  ours    ${JSON.stringify(ours)}`);
    });
    for (const spec of COLUMNS) {
      const ours = await runCli(['get', 'things', '-o', `custom-columns=${spec}`], options);
      const k = await kubectl.run(['get', 'things', '-o', `custom-columns=${toK8s(spec)}`]);
      const theirs = toPlatform(k.stdout);
      if (ours.stdout !== theirs || ours.code !== k.code) failures.push(`custom-columns=${spec}\n  kubectl ${JSON.stringify(theirs)}\n  ours    ${JSON.stringify(ours.stdout)}`);
    }
    assert.deepEqual(failures, [], `${failures.length} of ${cases.length + COLUMNS.length} outputs differ from kubectl`);
  } finally {
    await kubectl.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
    await closeAllDispatchers();
  }
});
