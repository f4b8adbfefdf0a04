/**
 * Differential test of `get -o go-template=...`: templates of the Go template table
 * (test/fixtures/printers/gotemplate), errors included, run through `platformctl get` and through
 * stock kubectl (via the rename proxy) against the same object on the local server, plus the
 * other ways to give a template (`-o template`, `--template` alone, `-o go-template-file`, a list
 * of objects). Standard output (with kubectl's debugging report after an execution error), the
 * error message and the exit code must be the same. Skips with the reason when kubectl is absent.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { runCli } from '../../../support/cli.js';
import { kubectlSkipReason, startProxiedKubectl } from '../../../support/kubectl-proxy.js';
import { startTestServer, writeTestKubeconfig } from '../../../support/server.js';
import { goTemplateCases, goTemplateObject } from '../../printers/support/gotemplate-cases.js';
import { mapLimit } from '../../printers/support/kubectl.js';
import { toPlatform } from '../../printers/support/rename.js';

const CRD = {
  apiVersion: 'apiextensions.platform.io/v1', kind: 'CustomResourceDefinition',
  metadata: { name: 'things.example.com' },
  spec: {
    group: 'example.com', scope: 'Namespaced',
    names: { plural: 'things', singular: 'thing', kind: 'Thing', listKind: 'ThingList' },
    versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
  },
};

const TEMPLATE_FILE = '{{range .items}}{{.metadata.name}}={{.spec.replicas}}\n{{end}}';

/** Invocations beyond the table: each argv is run as `get ARGV` by both. */
const INVOCATIONS: string[][] = [
  ['things', '-o', 'go-template={{range .items}}{{.metadata.name}} {{.kind}}{{"\\n"}}{{end}}{{.kind}} {{.apiVersion}} {{.metadata}}'],
  ['things', 'fixture', 'other', '-o', 'go-template={{len .items}} {{range .items}}{{.spec.replicas}},{{end}}'],
  ['things', 'fixture', '-o', 'template', '--template={{.metadata.name}} {{.spec.float}}'],
  ['things', 'fixture', '--template={{.metadata.namespace}}/{{.metadata.name}}'],
  ['things', '-o', 'go-template-file=list.tmpl'],
  ['things', '-o', 'templatefile', '--template=list.tmpl'],
  ['things', '-o', 'go-template-file=missing.tmpl'],
  ['things', 'fixture', '-o', 'go-template'],
  ['things', 'fixture', '-o', 'go-template={{.kind}}', '--template={{.metadata.name}}'],
  ['things', 'fixture', '-o', 'go-template={{.spec.nope}}', '--allow-missing-template-keys=false'],
  ['things', '-o', 'go-template={{range .items}}{{.spec.nope.x}}{{end}}', '--allow-missing-template-keys=false'],
  ['things', 'fixture', '-o', 'go-template={{.metadata.name', '--allow-missing-template-keys=false'],
  ['configmaps', '-n', 'nowhere', '-o', 'go-template={{len .items}} {{.kind}}'],
  ['things', '-l', 'none=here', '-o', 'template={{range .items}}{{.metadata.name}}{{else}}none{{end}}'],
];

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

test('get -o go-template prints as kubectl does', { timeout: 600_000 }, async (t) => {
  const reason = kubectlSkipReason();
  if (reason !== undefined) {
    t.skip(`${reason}: differential Go template test skipped`);
    return;
  }
  const server = await startTestServer();
  const dir = await mkdtemp(join(tmpdir(), 'platformctl-gotemplate-diff-'));
  const kubectl = await startProxiedKubectl(server);
  try {
    const config = await writeTestKubeconfig(server, join(dir, '.config'));
    const options = { env: { PLATFORMCONFIG: config, HOME: join(dir, '.home') }, cwd: dir, home: join(dir, '.home') };
    await writeFile(join(dir, 'list.tmpl'), TEMPLATE_FILE);
    await writeFile(join(kubectl.home, 'list.tmpl'), TEMPLATE_FILE);
    const { ApiClient } = await import('../../../support/api.js');
    const client = new ApiClient(server);
    try {
      const post = async (path: string, body: unknown): Promise<void> => {
        const res = await client.request('POST', path, { body });
        assert.ok(res.status === 201 || res.status === 200, `POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      };
      await post('/apis/apiextensions.platform.io/v1/customresourcedefinitions', CRD);
      await new Promise((r) => setTimeout(r, 300));
      const { apiVersion: _a, kind: _k, ...rest } = goTemplateObject;
      await post('/apis/example.com/v1/namespaces/default/things', { apiVersion: 'example.com/v1', kind: 'Thing', ...rest });
      await post('/apis/example.com/v1/namespaces/default/things', { apiVersion: 'example.com/v1', kind: 'Thing', metadata: { name: 'other' }, spec: { replicas: 1 } });
    } finally {
      client.close();
    }

    // Every third template of the table (errors of each kind included), then the invocations.
    const table = goTemplateCases.filter((_, i) => i % 3 === 0);
    assert.ok(table.length >= 100);
    const runs: string[][] = [
      ...table.map((c) => ['things', 'fixture', '-o', `go-template=${c.template}`, ...(c.strict === true ? ['--allow-missing-template-keys=false'] : [])]),
      ...INVOCATIONS,
    ];
    const failures: string[] = [];
    await mapLimit(runs, 4, async (argv) => {
      const r = await runCli(['get', ...argv], options);
      const ours: Outcome = { code: r.code, stdout: r.stdout, stderr: r.stderr };
      const k = await kubectl.run(['get', ...argv]);
      const theirs: Outcome = { code: k.code, stdout: toPlatform(k.stdout), stderr: toPlatform(k.stderr.replaceAll('kubectl', 'platformctl')) };
      if (JSON.stringify(ours) !== JSON.stringify(theirs)) failures.push(`get ${argv.join(' ')}\n  kubectl ${JSON.stringify(theirs)}\n  ours    ${JSON.stringify(ours)}`);
    });
    assert.deepEqual(failures, [], `${failures.length} of ${runs.length} outputs differ from kubectl`);
  } finally {
    await kubectl.close();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
    await closeAllDispatchers();
  }
});
