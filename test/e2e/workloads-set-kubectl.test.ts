/**
 * `set env`, `set resources`, `set selector` and `set subject` next to stock kubectl 1.32 through
 * the rename proxy: each step runs kubectl on one copy of the objects and platformctl on a twin, and
 * both must print the same (names mapped back). Our transcript is also kept as a golden file
 * (test/golden/workloads/set.txt), so that it is checked where kubectl is absent.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ApiClient } from '../support/api.js';
import { runCli } from '../support/cli.js';
import { assertGoldenFile } from '../support/golden.js';
import { kubectlSkipReason, startProxiedKubectl, type ProxiedKubectl } from '../support/kubectl-proxy.js';
import { startTestServer, writeTestKubeconfig, type TestServer } from '../support/server.js';

const kubectlMissing = kubectlSkipReason();
if (kubectlMissing !== undefined) console.log(`# the set commands are checked against their golden file only: ${kubectlMissing}`);

/** The objects, each made twice: `k-` names for kubectl, `p-` names for platformctl. */
function objects(prefix: string): unknown[] {
  const deployment = {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: `${prefix}web`, labels: { app: 'web' } },
    spec: {
      replicas: 1, selector: { matchLabels: { app: 'web' } },
      template: {
        metadata: { labels: { app: 'web' } },
        spec: {
          initContainers: [{ name: 'init', image: 'busybox' }],
          containers: [
            { name: 'web', image: 'web:1', env: [{ name: 'KEEP', value: 'yes' }, { name: 'MODE', value: 'old' }] },
            { name: 'sidecar', image: 'side:1', resources: { limits: { cpu: '1' } } },
          ],
        },
      },
    },
  };
  return [
    deployment,
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${prefix}settings` }, data: { 'log-level': 'debug' } }, // one key: kubectl walks a Go map, in random order
    { apiVersion: 'v1', kind: 'Secret', metadata: { name: `${prefix}creds` }, data: { password: Buffer.from('s3cret').toString('base64') } },
    { apiVersion: 'v1', kind: 'Service', metadata: { name: `${prefix}svc` }, spec: { selector: { app: 'old' }, ports: [{ port: 80 }] } },
    { apiVersion: 'rbac.authorization.platform.io/v1', kind: 'RoleBinding', metadata: { name: `${prefix}rb` }, roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'Role', name: 'r' }, subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.platform.io', name: 'alice' }] },
    { apiVersion: 'rbac.authorization.platform.io/v1', kind: 'ClusterRoleBinding', metadata: { name: `${prefix}crb` }, roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'ClusterRole', name: 'view' } },
  ];
}

const LOCAL_DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: local
spec:
  selector:
    matchLabels: {app: local}
  template:
    metadata:
      labels: {app: local}
    spec:
      containers:
      - name: app
        image: app:1
        env:
        - {name: A, value: "1"}
`;

const LOCAL_SERVICE = `apiVersion: v1
kind: Service
metadata:
  name: local
spec:
  ports:
  - port: 80
`;

const LOCAL_BINDING = `apiVersion: rbac.authorization.platform.io/v1
kind: RoleBinding
metadata:
  name: local
roleRef:
  apiGroup: rbac.authorization.platform.io
  kind: Role
  name: r
`;

/** The steps: `@` stands for the prefix of the twin the command runs on. */
const STEPS: string[][] = [
  ['set', 'env', 'deployment/@web', 'MODE=new', 'EXTRA=1'],
  ['set', 'env', 'deployment/@web', '--list'],
  ['set', 'env', 'deployment/@web', 'KEEP-', '-c', 'web'],
  ['set', 'env', 'deployment/@web', 'MODE=other', '--overwrite=false'],
  ['set', 'env', 'deployment/@web', 'MODE=new', '--overwrite=false'],
  ['set', 'env', 'deployment/@web', '--from=configmap/@settings', '--prefix=APP_', '-c', 'web'],
  ['set', 'env', 'deployment/@web', '--from=secret/@creds', '--keys=password', '-c', 'sidecar'],
  ['set', 'env', 'deployment/@web', '--list', '--resolve', '-c', 'web'],
  ['set', 'env', 'deployment/@web', '-c', 'nope', 'X=1'],
  ['set', 'env', 'deployment/@web', 'X=1', '--dry-run=client'],
  ['set', 'env', 'deployment/@web', '1BAD=x'],
  ['set', 'env', 'deployment/@web', 'A=1', 'A-'],
  ['set', 'env', 'deployment/@web', '--keys=a'],
  ['set', 'env', 'deployment/@web', '--list', '-o', 'yaml'],
  ['set', 'env', '-f', 'local-deployment.yaml', '--local', 'B=2', 'A-', '-o', 'yaml'],
  ['set', 'env', 'deployment/@web'],
  ['set', 'env', 'deployment/@web', 'Y=2', '-o', 'name'],
  ['set', 'env', 'deployment/@web', 'Z=3', '--dry-run=server', '-o', 'jsonpath={.spec.template.spec.containers[1].env}'],
  ['set', 'env', 'deployment/@web', '--from=configmap/nope'],
  ['set', 'env', 'deployment/@web', '--from=service/@svc'],
  ['set', 'env', 'deployment/@web', 'lower.case-ok=1', '-c', 'side*'],
  ['set', 'env', 'deployment/@web', '--list', '-c', 'side*'],
  ['set', 'env', 'configmap/@settings', 'A=1'],
  ['set', 'resources', 'deployment/@web', '--limits=cpu=500m,memory=256Mi', '--requests=cpu=0.1'],
  ['set', 'resources', 'deployment', '@web', '-c', 'sidecar', '--requests=memory=1Gi'],
  ['set', 'resources', 'deployment/@web', '-c', 'nope', '--limits=cpu=1'],
  ['set', 'resources', 'deployment/@web'],
  ['set', 'resources', 'deployment/@web', '--limits=cpu'],
  ['set', 'resources', 'deployment/@web', '--limits=cpu=lots'],
  ['set', 'resources', '-f', 'local-deployment.yaml', '--local', '--limits=memory=2048Mi', '-o', 'yaml'],
  ['set', 'resources', 'deployment/@web', '--local', '--limits=cpu=1'],
  ['set', 'resources', 'deployment/@web', '--limits=cpu=1', '--requests=cpu=2', '-c', 'init', '-o', 'jsonpath={.spec.template.spec.initContainers[0].resources}'],
  ['get', 'deployment', '@web', '-o', 'jsonpath={.spec.template.spec.containers}'],
  ['set', 'selector', 'service', '@svc', 'app=new,tier=web'],
  ['set', 'selector', 'service', '@svc', 'app=new,tier=web'],
  ['set', 'selector', 'service', '@svc', 'app!=x'],
  ['set', 'selector', 'deployment', '@web', 'app=x'],
  ['set', 'selector', 'service', '@svc'],
  ['set', 'selector', '-f', 'local-service.yaml', '--local', 'app=local', '-o', 'yaml'],
  ['set', 'selector', 'service', '@svc', 'app in (a,b)'],
  ['set', 'selector', 'service', '@svc', 'app=web', '--dry-run=client', '-o', 'name'],
  ['get', 'service', '@svc', '-o', 'jsonpath={.spec.selector}'],
  ['set', 'subject', 'rolebinding', '@rb', '--user=bob', '--user=alice', '--group=devs', '--serviceaccount=:builder'],
  ['set', 'subject', 'rolebinding', '@rb', '--user=bob'],
  ['set', 'subject', 'clusterrolebinding', '@crb', '--serviceaccount=kube-system:ci', '--dry-run=server'],
  ['set', 'subject', 'clusterrolebinding', '@crb', '--serviceaccount=ci'],
  ['set', 'subject', 'rolebinding', '@rb'],
  ['set', 'subject', 'deployment', '@web', '--user=x'],
  ['set', 'subject', '-f', 'local-binding.yaml', '--local', '--group=ops', '-o', 'yaml'],
  ['set', 'subject', 'rolebinding', '@rb', '--user=z', '--local'],
  ['set', 'subject', 'rolebinding', '@rb', '--serviceaccount=bad'],
  ['get', 'rolebinding', '@rb', '-o', 'jsonpath={.subjects}'],
];

describe('set env, resources, selector and subject print what kubectl prints', () => {
  let server: TestServer;
  let proxied: ProxiedKubectl | undefined;
  let api: ApiClient;
  let home: string;
  let config: string;

  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    home = await mkdtemp(join(tmpdir(), 'platformctl-set-'));
    config = await writeTestKubeconfig(server, home, 'default');
    await writeFile(join(home, 'local-deployment.yaml'), LOCAL_DEPLOYMENT);
    await writeFile(join(home, 'local-service.yaml'), LOCAL_SERVICE);
    await writeFile(join(home, 'local-binding.yaml'), LOCAL_BINDING);
    // kubectl reads its files in its own naming (the proxy renames only what goes over the wire).
    await mkdir(join(home, 'kubectl'));
    for (const [name, text] of [['local-deployment.yaml', LOCAL_DEPLOYMENT], ['local-service.yaml', LOCAL_SERVICE], ['local-binding.yaml', LOCAL_BINDING]] as const) {
      await writeFile(join(home, 'kubectl', name), text.replaceAll('.platform.io', '.k8s.io'));
    }
    if (kubectlMissing === undefined) proxied = await startProxiedKubectl(server);
    for (const prefix of ['k-', 'p-']) {
      for (const o of objects(prefix)) {
        const { apiVersion, kind } = o as { apiVersion: string; kind: string };
        const plural = `${kind.toLowerCase()}s`;
        const base = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
        const path = kind === 'ClusterRoleBinding' ? `${base}/${plural}` : `${base}/namespaces/default/${plural}`;
        const r = await api.post(path, o);
        assert.equal(r.status, 201, r.text);
      }
    }
  });
  after(async () => {
    api.close();
    await proxied?.close();
    await server.stop();
    await rm(home, { recursive: true, force: true });
  });

  test('each step, on twins', async () => {
    let transcript = '';
    for (const step of STEPS) {
      const mine = await runCli(['--kubeconfig', config, ...step.map((a) => a.replace('@', 'p-'))], { home, cwd: home });
      const ours = { code: mine.code, stdout: mine.stdout.replaceAll('p-', '@'), stderr: mine.stderr.replaceAll('p-', '@') };
      transcript += `$ platformctl ${step.join(' ')}\n${ours.stdout}${ours.stderr === '' ? '' : `[stderr]\n${ours.stderr}`}[exit ${ours.code}]\n\n`;
      if (proxied === undefined) continue;
      const theirs = await proxied.run(step.map((a) => a.replace('@', 'k-')), join(home, 'kubectl'));
      const rename = (text: string): string => text.replaceAll('k-', '@').replaceAll('.k8s.io', '.platform.io').replaceAll('kubectl', 'platformctl');
      const stdout = rename(theirs.stdout);
      const stderr = rename(theirs.stderr);
      assert.equal(ours.code, theirs.code, `exit code of ${step.join(' ')}: ${theirs.stderr}`);
      assert.equal(ours.stdout, stdout, `stdout of ${step.join(' ')}`);
      assert.equal(ours.stderr, stderr, `stderr of ${step.join(' ')}`);
    }
    await assertGoldenFile('workloads/set.txt', transcript.replace(/resourceVersion: "\d+"/g, 'resourceVersion: "N"').replace(/uid: [0-9a-f-]{36}/g, 'uid: UID'));
  });
});
