import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../../support/kubectl-proxy.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient } from '../../support/api.js';

const skip = kubectlSkipReason() ?? false;
if (skip !== false) console.log(`# skipping the kubectl check: ${skip}`);

describe('kubectl against the local server (through the rename proxy)', { skip }, () => {
  let server: TestServer;
  let proxied: ProxiedKubectl;
  let home: string;
  let env: NodeJS.ProcessEnv;

  const kubectl = (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => proxied.run(args);

  before(async () => {
    server = await startTestServer();
    // kubectl sends credentials over HTTPS only: the proxy serves TLS with a throwaway certificate.
    proxied = await startProxiedKubectl(server);
    ({ home, env } = proxied);
  });

  after(async () => {
    await proxied.close();
    await server.stop();
  });

  test('get: discovery, tables and the system namespaces', async () => {
    const ns = await kubectl('get', 'namespaces');
    assert.equal(ns.code, 0, ns.stderr);
    assert.match(ns.stdout, /^NAME\s+STATUS\s+AGE\n/);
    for (const n of ['default', 'kube-system', 'kube-public', 'kube-node-lease']) assert.match(ns.stdout, new RegExp(`\\n${n}\\s+Active\\s+`));
    const svc = await kubectl('get', 'svc', 'kubernetes');
    assert.equal(svc.code, 0, svc.stderr);
    assert.match(svc.stdout, /kubernetes\s+ClusterIP\s+10\.96\.0\.1\s+<none>\s+443\/TCP/);
    const resources = await kubectl('api-resources', '--api-group=apps');
    assert.match(resources.stdout, /deployments\s+deploy\s+apps\/v1\s+true\s+Deployment/);
  });

  // kubectl's client-side validation reads `x-kubernetes-*` OpenAPI extensions that the rename proxy does not
  // translate from this server's `x-platform-*` ones, so applies here pass --validate=false.
  test('apply --server-side, get -o json, get -w, delete', async () => {
    const manifest = join(home, 'cm.yaml');
    await writeFile(manifest, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: from-kubectl\ndata:\n  greeting: hello\n');
    const applied = await kubectl('apply', '--server-side', '--validate=false', '-f', manifest);
    assert.equal(applied.code, 0, applied.stderr);
    assert.equal(applied.stdout, 'configmap/from-kubectl serverside-applied\n');
    const again = await kubectl('apply', '--server-side', '--validate=false', '-f', manifest);
    assert.equal(again.stdout, 'configmap/from-kubectl serverside-applied\n');
    const got = await kubectl('get', 'configmap', 'from-kubectl', '-o', 'json', '--show-managed-fields');
    assert.equal(got.code, 0, got.stderr);
    const obj = JSON.parse(got.stdout) as { data: Record<string, string>; metadata: { managedFields: { manager: string; operation: string }[] } };
    assert.deepEqual(obj.data, { greeting: 'hello' });
    assert.deepEqual(obj.metadata.managedFields.map((m) => `${m.manager}/${m.operation}`), ['kubectl/Apply']);
    const table = await kubectl('get', 'cm', 'from-kubectl');
    assert.match(table.stdout, /^NAME\s+DATA\s+AGE\nfrom-kubectl\s+1\s+\d+s\n$/);

    const watch = spawn('kubectl', ['get', 'configmaps', '-w', '--field-selector', 'metadata.name=from-kubectl'], { env });
    const lines: string[] = [];
    let partial = '';
    watch.stdout.setEncoding('utf8');
    const sawChange = new Promise<void>((resolve) => {
      watch.stdout.on('data', (c: string) => {
        partial += c;
        const complete = partial.split('\n');
        partial = complete.pop() ?? '';
        lines.push(...complete.filter((l) => l !== ''));
        if (lines.length >= 3) resolve();
      });
    });
    await new Promise((r) => setTimeout(r, 1500));
    await kubectl('patch', 'configmap', 'from-kubectl', '--type', 'merge', '-p', '{"data":{"more":"x"}}');
    await Promise.race([sawChange, new Promise((r) => setTimeout(r, 10_000))]);
    watch.kill();
    assert.match(lines[0] ?? '', /^NAME\s+DATA\s+AGE$/);
    assert.match(lines[1] ?? '', /^from-kubectl\s+1\s+/);
    assert.match(lines[2] ?? '', /^from-kubectl\s+2\s+/);

    const deleted = await kubectl('delete', 'configmap', 'from-kubectl');
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.equal(deleted.stdout, 'configmap "from-kubectl" deleted\n');
    const gone = await kubectl('get', 'configmap', 'from-kubectl');
    assert.equal(gone.code, 1);
    assert.match(gone.stderr, /Error from server \(NotFound\): configmaps "from-kubectl" not found/);
  });

  test('server-side apply conflicts and a deployment with scale', async () => {
    const manifest = join(home, 'deploy.yaml');
    await writeFile(manifest, [
      'apiVersion: apps/v1', 'kind: Deployment', 'metadata:', '  name: web', 'spec:', '  replicas: 2',
      '  selector:', '    matchLabels:', '      app: web', '  template:', '    metadata:', '      labels:', '      app: web'.replace('      app', '        app'),
      '    spec:', '      containers:', '      - name: nginx', '        image: nginx:1.25', '',
    ].join('\n'));
    const applied = await kubectl('apply', '--server-side', '--validate=false', '-f', manifest);
    assert.equal(applied.code, 0, applied.stderr);
    const scaled = await kubectl('scale', 'deployment', 'web', '--replicas=3');
    assert.equal(scaled.code, 0, scaled.stderr);
    assert.equal(scaled.stdout, 'deployment.apps/web scaled\n');
    const conflict = await kubectl('apply', '--server-side', '--validate=false', '-f', manifest);
    assert.notEqual(conflict.code, 0);
    assert.match(conflict.stderr, /conflict/i);
    const forced = await kubectl('apply', '--server-side', '--validate=false', '--force-conflicts', '-f', manifest);
    assert.equal(forced.code, 0, forced.stderr);
    const wide = await kubectl('get', 'deploy', 'web', '-o', 'wide');
    assert.match(wide.stdout, /^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE\s+CONTAINERS\s+IMAGES\s+SELECTOR\nweb\s+0\/2\s+0\s+0\s+\d+s\s+nginx\s+nginx:1\.25\s+app=web\n$/);
    const del = await kubectl('delete', '-f', manifest);
    assert.equal(del.code, 0, del.stderr);
  });

  // The API server writes YAML answers as sigs.k8s.io/yaml does, which is also how kubectl's
  // `-o yaml` writes the JSON it read: the two must be the same bytes.
  test('a YAML answer is the bytes of kubectl -o yaml', async () => {
    const api = new ApiClient(server);
    const data = {
      yes: 'yes', number: '123', empty: '', nil: 'null', stamp: '2026-11-30T11:00:00Z', lead: ' leading space', colon: 'a: b',
      long: 'a long line of words that goes on well past the eighty columns where go-yaml folds plain scalars, to see where it breaks',
      multi: 'first line\nsecond line\n', unicode: 'h\u00e9llo \u2603', tab: 'a\tb', octal: '0755', float: '1e3', tilde: '~',
    };
    const created = await api.post('/api/v1/namespaces/default/configmaps', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'yaml-bytes', labels: { x10: 'a', x9: 'b' } }, data });
    assert.equal(created.status, 201, created.text);
    const answer = await api.get('/api/v1/namespaces/default/configmaps/yaml-bytes', { accept: 'application/yaml' });
    assert.equal(answer.status, 200, answer.text);
    const printed = await kubectl('get', 'configmap', 'yaml-bytes', '-o', 'yaml', '--show-managed-fields');
    assert.equal(printed.code, 0, printed.stderr);
    assert.equal(answer.text, printed.stdout);
  });
});
