/**
 * Where Kubernetes' own kubectl suite (test/cmd, run with platformctl in kubectl's place) and the
 * scripts written for it found platformctl behaving otherwise than kubectl 1.32: each scenario is
 * one such defect, run by kubectl-parity.test.ts against a fresh local server (golden transcripts
 * in test/golden/kubectl-parity/) and by kubectl-parity-kubectl.test.ts through stock kubectl,
 * step by step.
 */
import type { FlagScenario } from './missing-flags-cases.js';

const yaml = (...lines: string[]): string => `${lines.join('\n')}\n`;

const CONFIG_MAP = (name: string, extra: string[] = []): string => yaml(
  'apiVersion: v1',
  'kind: ConfigMap',
  'metadata:',
  `  name: ${name}`,
  ...extra,
  'data:',
  '  a: b',
);

const DEPLOYMENT = yaml(
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata:',
  '  name: web',
  '  labels: {app: web}',
  'spec:',
  '  replicas: 1',
  '  selector:',
  '    matchLabels: {app: web}',
  '  template:',
  '    metadata:',
  '      labels: {app: web}',
  '    spec:',
  '      containers:',
  '      - name: web',
  '        image: nginx:1.25',
  '        ports:',
  '        - containerPort: 8080',
);

const CHANGE_CAUSE = 'jsonpath={.metadata.annotations.platform\\.io/change-cause}';

/** kubectl's UsageErrorf hint (`See 'kubectl exec -h' for help and examples`), which the differential runner rewords as a flag error's. */
const USAGE_HINT = /^(See) .*$/gm;

/** kubectl 1.32's klog warning for a bare --dry-run and ours (`Warning: ...`) read alike. */
const DRY_RUN_WARNING = /^(W)(?:\d{4} [\d:.]+ +\d+ [\w.]+:\d+\]|arning:) /gm;

/**
 * Where kubectl is Google Cloud SDK's dispatcher, an unknown command is answered by the
 * dispatcher's own cobra tree (`Error:`, a blank line after the suggestions); kubectl 1.32 itself
 * prints `error:` and no blank line, which the golden transcript has (checked with kubectl.1.32).
 */
const DISPATCHER = 'the kubectl on PATH may be a dispatcher that answers unknown commands itself';

/** A certificate signing request (kubectl's suite's hack/testdata/csr.yml). */
const CSR = yaml(
  'apiVersion: certificates.platform.io/v1',
  'kind: CertificateSigningRequest',
  'metadata:',
  '  name: foo',
  'spec:',
  '  request: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0KTUlJQ2d6Q0NBV3NDQVFBd0ZURVRNQkVHQTFVRUF4TUthM1ZpWlMxaFpHMXBiakNDQVNJd0RRWUpLb1pJaHZjTgpBUUVCQlFBRGdnRVBBRENDQVFvQ2dnRUJBTlJ5dFhkcWV6ZTFBdXFjZkpWYlFBY1BJejZWY2pXSTZ5WmlQa3lrCjAzUW9GaHJGRXhUQXNPTGVFUHlrQXc1YndUOWZiajRXMzZmR2k4RGxsd1FzVGoyYzVUTnBnQkkwbElDbzI4aGcKbHYvTDJsMnRsWUVKdDdTbVhjblNvaGJ5S0h4TERRUHVmTVBBTkZsaEFmTUdCWEhRcmZMajhrTk1MUDA4UlBsbAp0N3V4RDVRdFA0cHlGL1Nhbm1XVEtRNU56WlJ4TC82UmhJMEpxSHJmNFFjQmg2dlR5bnFaRGVmMWVxNjBnQXllClNPRkpKYWRuK3h2VEFqLzgxZk1TbjdOSlNnaktDYkNEeXQ1eS9UZHd0SzZnVUQzM01paE5uNXhKTVF0MUZXUVAKRzY3eTA1QVh6b0pqTm5sWVA1MnJsTlhvNzh6aVMrN1E4RklxQzY0c05vWWhxeGNDQXdFQUFhQXBNQ2NHQ1NxRwpTSWIzRFFFSkRqRWFNQmd3Q1FZRFZSMFRCQUl3QURBTEJnTlZIUThFQkFNQ0JlQXdEUVlKS29aSWh2Y05BUUVMCkJRQURnZ0VCQU5CazlwaHpWYUJBci9xZHN4bXdPR1NQa094UkZlR1lyemRvaW5LTzVGUGZER2JkU0VWQ0o1K0wKeWJTNUtmaUZYU1EvNmk0RE9WRWtxcnFrVElIc1JNSlJwbTZ5Zjk1TU4zSWVLak9jQlV2b2VWVlpxMUNOUU8zagp2dklmK1A1NStLdXpvK0NIT1F5RWlvTlRPaUtGWTJseStEZEEwMXMxbU9FMTZSWGlWeFhGcFhGeGRJVmRPK0oxClZ1MW5yWG5ZVFJQRmtyaG80MTlpaDQzNjRPcGZqYXFXVCtmd20ySVZQSlBoaUJpYi9RRzRhUGJJcFh3amlCUUMKemV6WlM2L01nQkt1bUdMZ3Z5MitXNU9UWTJ5ZFFMZFVxbERFNEU2MFhmdVZ6bk5zWjZDS0tYY1pVaW1ZTkkwNgpKa0t4bGRjd0V2cmI0SmN3M2RFQjdOOUwvSW9ZNXFBPQotLS0tLUVORCBDRVJUSUZJQ0FURSBSRVFVRVNULS0tLS0K',
  '  signerName: platform.io/apiserver-client',
  '  usages: [digital signature, key encipherment, client auth]',
);

/** The scenarios. */
export const PARITY_SCENARIOS: FlagScenario[] = [
  {
    name: 'create-clears-resource-version',
    files: {
      'dumped.yaml': CONFIG_MAP('dumped', ['  resourceVersion: "12345"']),
      'applied.yaml': CONFIG_MAP('applied', ['  resourceVersion: "12345"']),
      'sar.json': JSON.stringify({ apiVersion: 'authorization.platform.io/v1', kind: 'SubjectAccessReview', spec: { user: 'bob', resourceAttributes: { namespace: 'ns', verb: 'create', group: 'autoscaling', resource: 'horizontalpodautoscalers' } } }),
    },
    steps: [
      { cli: ['create', '-f', 'dumped.yaml'], note: 'an object dumped with get -o yaml is created again: its resourceVersion is not sent' },
      { cli: ['apply', '-f', 'applied.yaml'], note: 'apply creates it the same way (the last-applied annotation keeps the manifest as written)' },
      { cli: ['get', 'configmap', 'applied', '-o', 'jsonpath={.metadata.annotations.platformctl\\.platform\\.io/last-applied-configuration}'] },
      { cli: ['create', '-f', 'sar.json'], note: 'a SubjectAccessReview has no name: the server answers, kubectl says <unknown>' },
      { cli: ['create', '-f', 'sar.json', '-o', 'name'] },
    ],
  },
  {
    name: 'create-continues-after-bad-manifests',
    files: {
      'dir/a.yaml': `${CONFIG_MAP('a1')}---\n${yaml('apiVersion: v1', 'metadata:', '  name: a2')}---\n${CONFIG_MAP('a3')}`,
      'dir/b.yaml': CONFIG_MAP('b1'),
      'dir/sub/c.yaml': yaml('metadata:', '  name: c1'),
      'dir/sub/d.yaml': CONFIG_MAP('d1'),
      'one.yaml': yaml('apiVersion: v1', 'metadata:', '  name: one'),
    },
    steps: [
      { cli: ['create', '-f', 'dir', '-R'], kubectlValidates: true, note: 'every good object is created; validation ends a file at its first bad document; the errors come last' },
      { cli: ['delete', '-f', 'dir', '-R'], note: 'without validation a kind-less document is only skipped (a3 was never created); the decoding errors come last, in brackets after the others' },
      { cli: ['create', '-f', 'dir', '-R', '--validate=false'] },
      { cli: ['apply', '-f', 'dir', '-R'], kubectlValidates: true },
      { cli: ['replace', '-f', 'dir', '-R'], kubectlValidates: true },
      { cli: ['create', '-f', 'one.yaml'], kubectlValidates: true, note: 'one error alone is an ordinary error line' },
      { cli: ['get', '-f', 'dir', '-R', '-o', 'name'], note: 'commands that check no schema report the decoding error', notCompared: 'kubectl get reports each error in the order it reads the files; ours after the objects' },
      { cli: ['label', '-f', 'dir', '-R', 'x=y'], notCompared: 'as above' },
    ],
  },
  {
    name: 'generators-from-files',
    files: { 'deploy.yaml': DEPLOYMENT, 'settings.yaml': CONFIG_MAP('settings') },
    steps: [
      { cli: ['autoscale', '-f', 'deploy.yaml', '--max=3', '--dry-run=client', '-o', 'yaml'], note: 'built from the file: the deployment is not on the server' },
      { cli: ['autoscale', '-f', 'deploy.yaml', '--max=3', '--save-config', '--dry-run=client', '-o', 'yaml'], note: 'no last-applied annotation on what is not sent' },
      { cli: ['expose', '-f', 'deploy.yaml', '--port=80', '--dry-run=client', '-o', 'yaml'] },
      { cli: ['expose', '-f', 'deploy.yaml', '--port=80', '--dry-run=client', '-o', 'json', '--overrides={"spec":{"sessionAffinity":"ClientIP"}}'], note: 'struct order after the override' },
      { cli: ['expose', '-f', 'deploy.yaml', '--port=80', '--save-config', '--dry-run=client', '-o', 'yaml'] },
      { cli: ['set', 'env', '-f', 'deploy.yaml', '--from=configmap/settings', '--local', '-o', 'yaml'], note: 'with --local, --from reads the -f objects, not the server: a Deployment is no source' },
      { cli: ['set', 'env', '-f', '-', '-'], stdin: 'SOME_ENV_VAR_KEY=SOME_ENV_VAR_VAL\n', note: 'stdin cannot hold both the objects and the variables' },
    ],
  },
  {
    name: 'run-checks',
    files: {},
    steps: [
      { cli: ['run', 'bad', '--image=InvalidImageName'] },
      { cli: ['run', 'bad', '--image=nginx:'] },
      { cli: ['run', 'web', '--image=nginx', '--expose', '--port=80', '--dry-run=client', '-o', 'yaml'], note: 'the Service selects run=web but is not labelled with it' },
      { cli: ['run', 'web', '--image=nginx', '--expose', '--port=80'] },
      { cli: ['get', 'service', 'web', '-o', 'jsonpath={.metadata.labels}{"|"}{.spec.selector}'] },
      { cli: ['run', 'ov', '--image=nginx', '--overrides={"spec":{"hostNetwork":true}}', '--dry-run=client', '-o', 'json'], note: 'the typed Pod again after the override: struct order' },
      { cli: ['run', 'sc', '--image=nginx', '--save-config', '--dry-run=client', '-o', 'yaml'], note: 'no last-applied annotation on what is not sent' },
      { cli: ['run', 'sc', '--image=nginx', '--save-config'] },
      { cli: ['get', 'pod', 'sc', '-o', 'jsonpath={.metadata.annotations.platformctl\\.platform\\.io/last-applied-configuration}'] },
    ],
  },
  {
    name: 'record-flag',
    files: { 'deploy.yaml': DEPLOYMENT, 'settings.yaml': CONFIG_MAP('settings') },
    steps: [
      { cli: ['apply', '-f', 'deploy.yaml', '--record', '--validate=false'], note: '--record writes the command line into the change-cause annotation (kubectl 1.32 still takes it, deprecated)' },
      { cli: ['get', 'deployment', 'web', '-o', CHANGE_CAUSE] },
      { cli: ['create', '-f', 'settings.yaml', '--record', '--validate=false'] },
      { cli: ['label', 'configmap', 'settings', 'a=b', '--record=true'] },
      { cli: ['get', 'configmap', 'settings', '-o', CHANGE_CAUSE] },
      { cli: ['label', 'configmap', 'settings', 'c=d', '--record=false'], note: '--record=false leaves the annotation as it is' },
      { cli: ['annotate', 'configmap', 'settings', 'note=x', '--record'] },
      { cli: ['get', 'configmap', 'settings', '-o', CHANGE_CAUSE] },
      { cli: ['patch', 'configmap', 'settings', '--type=merge', '-p', '{"data":{"e":"f"}}', '--record'] },
      { cli: ['get', 'configmap', 'settings', '-o', CHANGE_CAUSE] },
      { cli: ['set', 'image', 'deployment/web', 'web=nginx:1.26', '--record'] },
      { cli: ['scale', 'deployment/web', '--replicas=2', '--record'] },
      { cli: ['get', 'deployment', 'web', '-o', CHANGE_CAUSE] },
    ],
  },
  {
    name: 'bare-flags',
    files: { 'settings.yaml': CONFIG_MAP('settings') },
    steps: [
      { cli: ['create', 'configmap', 'dry', '--dry-run'], mask: [DRY_RUN_WARNING], note: 'a bare --dry-run is client (deprecated)' },
      { cli: ['create', '-f', 'settings.yaml', '--validate'], note: 'a bare --validate is strict' },
      { cli: ['replace', '--timeout=1s', '-f', 'settings.yaml'], note: '--timeout, as --grace-period, only with --force' },
      { cli: ['delete', 'configmap', 'settings', '--cascade'], note: 'a bare --cascade is background' },
    ],
  },
  {
    name: 'exec-edit-apply',
    files: { 'settings.yaml': CONFIG_MAP('settings') },
    steps: [
      { cli: ['exec', 'abc', 'date'], note: 'kubectl 1.32 takes the command after -- only', mask: [USAGE_HINT] },
      { cli: ['exec', '--', 'date'] },
      { cli: ['exec', 'abc'] },
      { cli: ['apply', '-f', 'settings.yaml'] },
      { cli: ['edit', 'configmap', 'settings'], env: { EDITOR: 'true' }, note: 'no change: said on stderr' },
      { cli: ['edit', 'configmap', 'settings'], env: { EDITOR: 'truncate -s 0' }, notCompared: 'kubectl 1.32 validates the saved file before it sees that it is empty (configmaps "x" is invalid, then the editor again); with --validate=false it says "Edit cancelled, saved file was empty." as ours does' },
      { cli: ['apply', '-f', 'settings.yaml', '--dry-run=client'], note: 'kubectl computes no patch under --dry-run=client: configured, changed or not' },
      { cli: ['apply', '-f', 'settings.yaml'] },
    ],
  },
  {
    name: 'certificate-decisions',
    files: { 'csr.yaml': CSR },
    steps: [
      { cli: ['create', '-f', 'csr.yaml'] },
      { cli: ['certificate', 'approve', 'foo'] },
      { cli: ['certificate', 'approve', 'foo', '--force'], note: 'the approval is sent again unchanged' },
      { cli: ['get', 'csr', 'foo', '-o', 'jsonpath={.status.conditions[*].type}'] },
      { cli: ['certificate', 'deny', 'foo'] },
      { cli: ['certificate', 'deny', 'foo', '--force'] },
    ],
  },
  {
    name: 'set-prints-typed-objects',
    files: { 'deploy.yaml': DEPLOYMENT },
    steps: [
      { cli: ['apply', '-f', 'deploy.yaml'] },
      { cli: ['set', 'image', 'deployment/web', 'web=nginx:2', '--dry-run=server', '-o', 'yaml'], note: 'the answer decoded into the typed Deployment: creationTimestamp: null in the template' },
      { cli: ['set', 'image', 'deployment/web', 'web=nginx:2', '--dry-run=client', '-o', 'json'], note: 'and in struct order' },
      { cli: ['rollout', 'history', 'deployment'], note: 'a type alone names every object of it (rollout, edit)' },
      { cli: ['edit', 'deployments'], env: { EDITOR: 'true' } },
    ],
  },
  {
    name: 'server-side-apply-after-client-side',
    files: {},
    steps: [
      { cli: ['apply', '-f', '-'], stdin: CONFIG_MAP('test', ['  labels: {legacy: "yes"}']), note: 'created by client-side apply' },
      { cli: ['apply', '--server-side', '-f', '-'], stdin: CONFIG_MAP('test', ['  labels: {legacy: "yes"}']), note: 'kubectl then migrates the client-side fields to its server-side manager' },
      { cli: ['apply', '--server-side', '-f', '-'], stdin: CONFIG_MAP('test'), note: 'so that a field the manifest no longer has is removed' },
      { cli: ['get', 'configmap', 'test', '-o', 'jsonpath={.metadata.labels}{"|"}{.metadata.managedFields[*].manager}{"|"}{.metadata.managedFields[*].operation}'] },
    ],
  },
  {
    name: 'patch-local-strategic',
    files: { 'settings.yaml': CONFIG_MAP('settings'), 'foo.json': '{"apiVersion":"company.com/v1","kind":"Foo","metadata":{"name":"test"}}\n' },
    steps: [
      { cli: ['patch', '--local', '-f', 'settings.yaml', '-p', '{"data":{"x":"y"}}', '-o', 'yaml'], note: 'a strategic merge patch into a built-in kind, locally' },
      { cli: ['patch', '--local', '-f', 'foo.json', '-p', '{"patched":"value3"}'], note: 'a kind without a built-in type takes merge patches only' },
      { cli: ['patch', '--local', '-f', 'foo.json', '-p', '{"patched":"value3"}', '--type=merge', '-o', 'json'] },
    ],
  },
  {
    name: 'node-selection',
    files: { 'node.yaml': yaml('apiVersion: v1', 'kind: Node', 'metadata:', '  name: n1', '  labels: {test: label}') },
    steps: [
      { cli: ['create', '-f', 'node.yaml'] },
      { cli: ['cordon', '--selector='], note: 'an empty selector names nothing' },
      { cli: ['cordon', '--selector', 'test=label'] },
      { cli: ['cordon', '--selector', 'invalid=label'] },
      { cli: ['uncordon', 'n1'] },
    ],
  },
  {
    name: 'messages',
    files: {},
    steps: [
      { cli: ['create', 'clusterrole', 'pod-admin', '--verb=*', '--resource=pods'] },
      { cli: ['delete', 'clusterrole', 'pod-admin', '-n', 'default'], note: 'kubectl warns when -n cannot scope what it deletes' },
      { cli: ['create', 'role', 'invalid-group', '--verb=get,list', '--resource=deployments.invalid-group'] },
      { cli: ['create', 'role', 'invalid-group', '--verb=get,list', '--resource=rs.invalid-group/scale'] },
      { cli: ['get', 'foo.bar'], note: 'the resource builder names the resource alone' },
      { cli: ['get', 'hpa.autoscal'], note: 'a short name with the beginning of its group' },
      { cli: ['create', 'service', 'clusterip', 'sel', '--tcp=80'] },
      { cli: ['set', 'selector', 'services', 'sel', 'rv=1', '--resource-version=1'], note: 'the server\'s conflict, as the server says it' },
      { cli: ['get', 'pods', '--context=missing-context'] },
      { cli: ['get', 'pods', '--cluster=missing-cluster'] },
      { cli: ['get', 'pods', '--user=missing-user'] },
      { cli: ['list'], notCompared: DISPATCHER },
      { cli: ['ps'], notCompared: DISPATCHER },
      { cli: ['version', 'extra'] },
      { cli: ['apply', 'foo'], mask: [USAGE_HINT] },
      { cli: ['rollout', 'foo', 'bar'], mask: [USAGE_HINT] },
      { cli: ['config', 'vew'], mask: [USAGE_HINT] },
      { cli: ['alpha'] },
      { cli: ['alpha', 'anything'] },
    ],
  },
];
