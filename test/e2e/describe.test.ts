/**
 * Golden transcripts of `describe` against the local server: the generic describer, the richer
 * ones (Namespace with quota and limits, Deployment with its ReplicaSets, Service with Endpoints,
 * Pod), events about the object, name prefixes, selectors, -f, and errors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertGolden, normalize, openWorkspace, transcript, type Scenario } from './writes-golden.js';
import { runCli } from '../support/cli.js';

const OBJECTS = `apiVersion: v1
kind: Namespace
metadata:
  name: shop
  labels: {team: a}
---
apiVersion: v1
kind: ResourceQuota
metadata: {name: quota, namespace: shop}
spec:
  hard: {configmaps: "10", pods: "4"}
---
apiVersion: v1
kind: LimitRange
metadata: {name: limits, namespace: shop}
spec:
  limits:
  - type: Container
    default: {cpu: 500m, memory: 128Mi}
    defaultRequest: {cpu: 250m}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
  labels: {app: web}
  annotations: {note: hello}
data: {mode: fast, level: "3"}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings-extra
  labels: {app: web}
data: {x: "1"}
binaryData: {blob: aGVsbG8=}
---
apiVersion: v1
kind: Secret
metadata: {name: creds, labels: {app: web}}
type: Opaque
data: {password: c2VjcmV0, user: YWRtaW4=}
---
apiVersion: v1
kind: Service
metadata:
  name: web
  labels: {app: web}
spec:
  clusterIP: 10.96.100.10
  selector: {app: web}
  ports:
  - name: http
    port: 80
    targetPort: 8080
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web}
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: registry.example/web:1.0
        ports:
        - containerPort: 8080
---
apiVersion: v1
kind: Pod
metadata:
  name: solo
  labels: {app: solo}
spec:
  automountServiceAccountToken: false
  containers:
  - name: main
    image: registry.example/solo:2
    env:
    - {name: MODE, value: fast}
`;


const ONE = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n';

const scenarios: Scenario[] = [
  {
    name: 'describers',
    files: { 'objects.yaml': OBJECTS, 'one.yaml': ONE },
    steps: [
      { cli: ['apply', '-f', 'objects.yaml'], note: 'setup' },
      { cli: ['describe', 'configmap', 'settings'] },
      { cli: ['describe', 'cm/settings', '--show-events=false'] },
      { cli: ['describe', 'cm', 'settings-'], note: 'a name prefix' },
      { cli: ['describe', 'cm', '-l', 'app=web'] },
      { cli: ['describe', '-f', 'one.yaml'] },
      { cli: ['describe', 'secret', 'creds'], note: 'sizes only, never the values' },
      { cli: ['describe', 'namespace', 'shop'] },
      { cli: ['describe', 'service', 'web'] },
      { cli: ['describe', 'deployment', 'web'] },
      { cli: ['describe', 'pod', 'solo'] },
    ],
  },
  {
    name: 'errors',
    files: { 'objects.yaml': OBJECTS },
    steps: [
      { cli: ['apply', '-f', 'objects.yaml'], note: 'setup' },
      { cli: ['describe'] },
      { cli: ['describe', 'nothing'] },
      { cli: ['describe', 'cm', 'missing'] },
      { cli: ['describe', 'cm', '-l', 'none=here'] },
      { cli: ['describe', 'cm', '-l', 'none=here', '-A'] },
      { cli: ['describe', 'cm', 'settings', 'missing'] },
    ],
  },
];

for (const scenario of scenarios) {
  test(`describe golden: ${scenario.name}`, async () => {
    await assertGolden('describe', scenario.name, await transcript(scenario));
  });
}

test('describe shows the events whose involvedObject is the object (name, namespace and uid)', async () => {
  const ws = await openWorkspace({ 'objects.yaml': OBJECTS });
  try {
    const options = { env: ws.env, cwd: ws.dir, home: ws.env.HOME ?? ws.dir };
    assert.equal((await runCli(['apply', '-f', 'objects.yaml'], options)).code, 0);
    const uid = (await runCli(['get', 'cm', 'settings', '-o', 'jsonpath={.metadata.uid}'], options)).stdout;
    const event = (name: string, objectUid: string, message: string): unknown => ({
      apiVersion: 'v1', kind: 'Event', metadata: { name, namespace: 'default' },
      involvedObject: { apiVersion: 'v1', kind: 'ConfigMap', name: 'settings', namespace: 'default', uid: objectUid },
      reason: 'Checked', message, type: 'Normal', source: { component: 'tester' }, count: 2,
      firstTimestamp: '2025-12-31T23:00:00Z', lastTimestamp: '2025-12-31T23:30:00Z',
    });
    for (const [name, objectUid, message] of [['settings.1', uid, 'settings look fine'], ['settings.2', 'another-uid', 'about an older object']] as const) {
      const res = await ws.api.request('POST', '/api/v1/namespaces/default/events', { body: event(name, objectUid, message) });
      assert.equal(res.status, 201);
    }
    const r = await runCli(['describe', 'cm', 'settings'], options);
    assert.equal(r.code, 0);
    await assertGolden('describe', 'events', normalize(r.stdout, ws));
  } finally {
    await ws.close();
  }
});

test('describe certificatesigningrequest decodes the request: subject and alternative names', async () => {
  const { createCertificateRequest } = await import('../../src/sdk/certificates/request.js');
  const ws = await openWorkspace();
  try {
    const { csrPem } = await createCertificateRequest({ commonName: 'jane', organizations: ['dev', 'ops'], dnsNames: ['jane.example.com'], ipAddresses: ['10.0.0.7'] });
    const res = await ws.api.request('POST', '/apis/certificates.platform.io/v1/certificatesigningrequests', {
      body: {
        apiVersion: 'certificates.platform.io/v1', kind: 'CertificateSigningRequest', metadata: { name: 'jane' },
        spec: { request: Buffer.from(csrPem).toString('base64'), signerName: 'platform.io/apiserver-client', expirationSeconds: 86400, usages: ['client auth'] },
      },
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const r = await runCli(['describe', 'csr', 'jane'], { env: ws.env, cwd: ws.dir, home: ws.env.HOME ?? ws.dir });
    assert.equal(r.code, 0, r.stderr);
    await assertGolden('describe', 'csr', normalize(r.stdout, ws));
  } finally {
    await ws.close();
  }
});
