/**
 * Golden transcripts of what platformctl does beyond kubectl: `blame`, `diff --ignore-path`,
 * `wait --fail-on`, and the config ergonomics (`use-context -`, `use-namespace`, `import`, the
 * per-shell context), each against a fresh local server with a fixed clock.
 */
import { test } from 'node:test';
import { assertGolden, transcript } from './writes-golden.js';

const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  labels: {app: web}\nspec:\n  replicas: 1\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: registry.example/web:1.0\n        args: [--port, "8080"]\n';

test('blame golden', async () => {
  const text = await transcript({
    name: 'blame',
    files: { 'deploy.yaml': DEPLOYMENT },
    steps: [
      { cli: ['apply', '--server-side', '-f', 'deploy.yaml'] },
      { cli: ['scale', 'deployment/web', '--replicas=3'] },
      { cli: ['label', 'deployment/web', 'tier=front'] },
      { cli: ['blame', 'deployment/web'] },
      { cli: ['blame', 'deployment', 'web', '--manager=platformctl'], note: 'only the fields one manager owns' },
      { cli: ['blame', 'deployment/web', '--field=.spec.template.spec.containers[0]', '-o', 'json'] },
      { cli: ['blame', 'deployment/web', '--field=spec.replicas', '-o', 'yaml'] },
      { cli: ['blame', 'deployment/nope'] },
      { cli: ['blame', 'deployment/web', '-o', 'wide'] },
      { cli: ['blame'] },
    ],
  });
  await assertGolden('beyond', 'blame', text);
});

const APP = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app\nspec:\n  selector:\n    matchLabels: {app: app}\n  template:\n    metadata:\n      labels: {app: app}\n    spec:\n      containers:\n      - name: app\n        image: registry.example/app:1.0\n';

test('diff --ignore-path golden', async () => {
  const text = await transcript({
    name: 'diff-ignore-path',
    files: {
      'app.yaml': APP,
      'injected.yaml': APP.replace('  name: app\n', '  name: app\n  annotations:\n    sidecar.example.io/status: injected\n') + '      - name: proxy\n        image: registry.example/proxy:2.0\n',
      'changed.yaml': APP.replace('app:1.0', 'app:1.1'),
    },
    steps: [
      { cli: ['create', '-f', 'injected.yaml'], note: 'made by another tool (no last-applied configuration), with a sidecar injected' },
      { cli: ['diff', '-f', 'app.yaml'], note: 'the apply would add its last-applied annotation' },
      { cli: ['diff', '-f', 'app.yaml', "--ignore-path=.metadata.annotations['platformctl.platform.io/last-applied-configuration']"], note: 'exit 0: nothing else differs' },
      { cli: ['diff', '-f', 'changed.yaml', '--ignore-path=.metadata.annotations'], note: 'exit 1: a difference outside the ignored paths' },
      { cli: ['diff', '-f', 'changed.yaml', '--ignore-path=.metadata.annotations', '--ignore-path=spec.template.spec.containers[?(@.name=="app")].image'] },
      { cli: ['diff', '-f', 'app.yaml', '--ignore-path=.spec..image'] },
    ],
  });
  await assertGolden('beyond', 'diff-ignore-path', text);
});

test('wait --fail-on golden', async () => {
  const job = 'apiVersion: batch/v1\nkind: Job\nmetadata:\n  name: backup\nspec:\n  template:\n    spec:\n      restartPolicy: Never\n      containers:\n      - name: backup\n        image: registry.example/backup:1.0\n';
  const failed = JSON.stringify({ status: { conditions: [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' }] } });
  const text = await transcript({
    name: 'wait-fail-on',
    files: { 'job.yaml': job },
    steps: [
      { cli: ['create', '-f', 'job.yaml'] },
      { cli: ['wait', 'job/backup', '--for=condition=Complete', '--fail-on=condition=Failed', '--timeout=200ms'], note: 'neither yet: the timeout' },
      { cli: ['patch', 'job/backup', '--subresource=status', '--type=merge', `-p=${failed}`] },
      { cli: ['wait', 'job/backup', '--for=condition=Complete', '--fail-on=condition=Failed', '--timeout=1h'], note: 'the failure ends the wait at once' },
      { cli: ['wait', 'job/backup', '--for=condition=Complete', '--fail-on=jsonpath={.status.conditions[0].reason}=BackoffLimitExceeded', '--fail-on=condition=Suspended'] },
      { cli: ['wait', 'job/backup', '--for=condition=Failed', '--fail-on=condition=Complete'], note: 'a failure condition that does not hold leaves the wait to --for' },
      { cli: ['wait', 'job/backup', '--for=condition=Complete', '--fail-on=create'] },
      { cli: ['wait', 'job/backup', '--for=condition=Complete', '--fail-on=bogus'] },
    ],
  });
  await assertGolden('beyond', 'wait-fail-on', text);
});

const OTHER_CONFIG = [
  'apiVersion: v1', 'kind: Config', 'current-context: staging',
  'clusters:', '- name: staging', '  cluster:', '    server: https://staging.example:6443', '    certificate-authority: ca.crt',
  '- name: local', '  cluster:', '    server: https://elsewhere.example:6443',
  'users:', '- name: deployer', '  user:', '    token: not-a-real-token',
  'contexts:', '- name: staging', '  context:', '    cluster: staging', '    user: deployer',
  '- name: local', '  context:', '    cluster: local', '    user: deployer', '',
].join('\n');

test('config ergonomics golden', async () => {
  const text = await transcript({
    name: 'config-ergonomics',
    files: { 'other.yaml': OTHER_CONFIG },
    steps: [
      { cli: ['config', 'use-context', '-'], note: 'no previous context yet' },
      { cli: ['config', 'import', 'other.yaml'], note: 'conflicts are refused: nothing is written' },
      { cli: ['config', 'get-contexts'] },
      { cli: ['config', 'import', 'other.yaml', '--on-conflict=rename'] },
      { cli: ['config', 'import', 'other.yaml', '--on-conflict=rename'], note: 'importing again changes nothing' },
      { cli: ['config', 'get-contexts'] },
      { cli: ['config', 'import', 'missing.yaml'] },
      { cli: ['config', 'import', 'other.yaml', '--on-conflict=merge'] },
      { cli: ['config', 'use-context', 'staging'] },
      { cli: ['config', 'use-context', '-'] },
      { cli: ['config', 'current-context'] },
      { cli: ['config', 'use-context', '-'] },
      { cli: ['config', 'current-context', '--context=local'], note: 'current-context shows the file\'s (or the shell\'s), not --context' },
      { cli: ['config', 'use-context', 'local'] },
      { cli: ['config', 'use-namespace', 'team-a'], note: 'a namespace the server does not have: a warning, and the change' },
      { cli: ['config', 'use-namespace', 'default'] },
      { cli: ['config', 'use-namespace', '-'] },
      { cli: ['config', 'current-context'], env: { PLATFORM_CONTEXT: 'staging' }, note: 'one shell\'s context' },
      { cli: ['config', 'use-context', 'local'], env: { PLATFORM_CONTEXT: 'staging' } },
      { cli: ['get', 'configmaps'], env: { PLATFORM_NAMESPACE: 'kube-nowhere' }, note: 'one shell\'s namespace' },
      { cli: ['config', 'view', '-o', 'jsonpath={.preferences}'] },
    ],
  });
  await assertGolden('beyond', 'config-ergonomics', text);
});

test('apply --applyset golden', async () => {
  const cms = (...names: string[]): string => names.map((n) => `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${n}\ndata:\n  k: ${n}\n`).join('---\n');
  const text = await transcript({
    name: 'apply-applyset',
    files: { 'one/cms.yaml': cms('alpha', 'beta'), 'two/cms.yaml': cms('alpha', 'gamma') },
    steps: [
      { cli: ['apply', '-n', 'default', '--applyset=web', '--prune', '-f', 'one'] },
      { get: '/api/v1/namespaces/default/secrets/web' },
      { cli: ['diff', '-n', 'default', '--applyset=web', '--prune', '-f', 'two'], note: 'the preview: gamma is new, beta would go' },
      { cli: ['apply', '-n', 'default', '--applyset=web', '--prune', '-f', 'two'] },
      { cli: ['get', 'configmaps', '-n', 'default', '-l', 'applyset.platform.io/part-of', '-o', 'name'] },
      { cli: ['apply', '--applyset=web', '--prune', '-f', 'two'], note: 'a Secret parent needs --namespace' },
      { cli: ['apply', '-n', 'default', '--applyset=web', '-f', 'two'] },
      { cli: ['apply', '-n', 'default', '--applyset=web', '--prune', '--all', '-f', 'two'] },
    ],
  });
  await assertGolden('beyond', 'apply-applyset', text);
});
