/**
 * Golden transcripts of `get` against the local server: every output format and table flag,
 * several types, -A, -L, --show-labels, --sort-by, chunking with a small --chunk-size, -f,
 * --subresource, --raw, and kubectl's errors.
 */
import { test } from 'node:test';
import { assertGolden, transcript, type Scenario } from './writes-golden.js';

const OBJECTS = `apiVersion: v1
kind: Namespace
metadata:
  name: shop
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: alpha
  labels: {app: web, tier: front}
data: {a: "1"}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: beta
  labels: {app: db}
data: {a: "1", b: "2", c: "3"}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: gamma
  namespace: shop
  labels: {app: web}
data: {x: "10"}
---
apiVersion: v1
kind: Secret
metadata:
  name: token
  labels: {app: web}
type: Opaque
stringData: {password: hunter2}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels: {app: web}
spec:
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: registry.example/web:1.0
`;

const ONE = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: alpha\n';

/** A ReplicationController: in the `all` category, and its wide table shows the selector map. */
const RC = `apiVersion: v1
kind: ReplicationController
metadata:
  name: frontend
spec:
  replicas: 0
  template:
    metadata:
      labels: {app: guestbook, tier: frontend}
    spec:
      containers:
      - name: php-redis
        image: registry.example/gb-frontend:v4
`;

const setup = { cli: ['apply', '-f', 'objects.yaml'], note: 'setup' };
const get = (...args: string[]): { cli: string[] } => ({ cli: ['get', ...args] });

const scenarios: Scenario[] = [
  {
    name: 'tables',
    files: { 'objects.yaml': OBJECTS, 'rc.yaml': RC },
    steps: [
      setup,
      get('configmaps'),
      get('cm', 'alpha'),
      get('cm', 'alpha', 'beta'),
      get('cm/alpha', 'secret/token'),
      get('cm,secrets'),
      get('cm', '-A'),
      get('cm', '--all-namespaces', '--no-headers'),
      get('cm', '--show-labels'),
      get('cm', '-L', 'app,tier'),
      get('cm', '-L', 'app', '-L', 'missing', '-A'),
      get('cm', '--show-kind'),
      get('cm', '-l', 'app=web'),
      get('cm', '-l', 'app=web', '-A'),
      get('cm', '--field-selector', 'metadata.name=beta'),
      get('deployments', '-o', 'wide'),
      get('ns'),
      get('ns', 'shop'),
      get('namespaces', '-l', 'nothing=here'),
      get('cm', '-n', 'empty'),
      get('all'),
      { cli: ['create', '-f', 'rc.yaml'] },
      get('all'),
      get('rc', '-o', 'wide'),
      get('deploy/web', 'cm/alpha'),
    ],
  },
  {
    name: 'sort-and-chunks',
    files: { 'objects.yaml': OBJECTS },
    steps: [
      setup,
      get('cm', '--sort-by', '.metadata.name'),
      get('cm', '--sort-by', '{.data.a}'),
      get('cm', '--sort-by', '.metadata.labels.app', '-o', 'name'),
      get('cm', '--sort-by', '.spec.nothing'),
      get('cm', '-A', '--chunk-size', '2'),
      get('cm', '-A', '--chunk-size', '1', '-o', 'name'),
      get('cm', '-A', '--chunk-size', '0'),
      get('cm', '-A', '--chunk-size', '3', '-o', 'jsonpath={range .items[*]}{.metadata.namespace}/{.metadata.name}{"\\n"}{end}'),
    ],
  },
  {
    name: 'objects',
    files: { 'objects.yaml': OBJECTS, 'one.yaml': ONE, 'cols.txt': 'NAME DATA\n.metadata.name .data\n', 'tmpl.txt': '{.metadata.name}{"\\n"}' },
    steps: [
      setup,
      get('cm', 'alpha', '-o', 'json'),
      get('cm', 'alpha', '-o', 'yaml'),
      get('cm', 'alpha', '-o', 'yaml', '--show-managed-fields'),
      get('cm', 'alpha', 'beta', '-o', 'yaml'),
      get('cm', '-l', 'app=db', '-o', 'json'),
      get('cm', '-l', 'none=here', '-o', 'json'),
      get('cm', '-l', 'none=here', '-o', 'name'),
      get('cm,secret', '-o', 'name'),
      get('deploy', '-o', 'name'),
      get('cm', '-A', '-l', 'app', '-o', 'custom-columns=NAME:.metadata.name,APP:.metadata.labels.app,TIER:.metadata.labels.tier,KEYS:.data'),
      get('cm', '-o', 'custom-columns=NAME:.metadata.name', '--no-headers'),
      get('cm', '-l', 'app', '-o', 'custom-columns-file=cols.txt'),
      get('cm', 'alpha', '-o', 'jsonpath={.metadata.name} {.data.a}'),
      get('cm', '-o', 'jsonpath={.items[*].metadata.name}'),
      get('cm', '-o', 'jsonpath', '--template', '{.items[0].metadata.name}'),
      get('cm', 'alpha', '-o', 'jsonpath-file=tmpl.txt'),
      get('cm', '-o', 'jsonpath-as-json={.items[*].metadata.name}'),
      get('cm', 'alpha', '-o', 'jsonpath={.missing}'),
      get('cm', 'alpha', '-o', 'jsonpath={.missing}', '--allow-missing-template-keys=false'),
      get('-f', 'one.yaml'),
      get('-f', 'one.yaml', '-o', 'name'),
      get('-f', 'objects.yaml', '-o', 'name'),
      get('deploy', 'web', '--subresource', 'scale', '-o', 'jsonpath={.spec.replicas}'),
      get('deploy', 'web', '-o', 'jsonpath={.metadata.managedFields[*].manager}'),
      get('--raw', '/api/v1/namespaces/default/configmaps/alpha'),
    ],
  },
  {
    name: 'errors',
    files: { 'objects.yaml': OBJECTS },
    steps: [
      setup,
      get(),
      get('nothing'),
      get('cm', 'missing'),
      get('cm', 'missing', '-o', 'json'),
      get('cm', 'missing', '--ignore-not-found'),
      get('cm', 'missing', '--ignore-not-found', '-o', 'json'),
      get('cm', 'alpha', 'missing', 'also-missing'),
      get('cm', 'alpha', '-A'),
      get('cm', 'alpha', '-l', 'app=web'),
      get('cm', 'cm/alpha'),
      get('cm/'),
      get('cm', '-o', 'bogus'),
      get('cm', '-o', 'jsonpath={.items[}'),
      get('cm', '-o', 'jsonpath'),
      get('cm', '-o', 'custom-columns=NAME'),
      get('cm', '--show-labels', '-o', 'json'),
      get('cm', '--output-watch-events'),
      get('cm', '--subresource', 'status'),
      get('cm', 'alpha', '--subresource', 'logs'),
      get('--raw', 'api'),
      get('--raw', '/api/v1/nothing'),
      get('--raw', '/api', 'cm'),
      get('cm', '-f', 'objects.yaml'),
    ],
  },
];

for (const scenario of scenarios) {
  test(`get golden: ${scenario.name}`, async () => {
    await assertGolden('get', scenario.name, await transcript(scenario));
  });
}
