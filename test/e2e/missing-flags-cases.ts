/**
 * The commands and flags once missing from platformctl (auth reconcile, apply
 * view/set/edit-last-applied, the apply deletion and overwrite flags, --raw on create, replace
 * and delete, delete --interactive, get --server-print, wait --local, -f glob patterns and -R
 * defaults). missing-flags.test.ts runs each scenario against a fresh local server and compares
 * the transcript with test/golden/missing-flags/<name>.txt; missing-flags-kubectl.test.ts runs
 * the same steps through stock kubectl against a second fresh server and compares step by step.
 */

/** One step: an invocation, or files written into the working directory of both CLIs. */
export type FlagStep =
  | {
    cli: string[];
    stdin?: string;
    /** Added to the environment of both CLIs (EDITOR for the edit commands). */
    env?: Record<string, string>;
    note?: string;
    /** Why kubectl's output is not compared for this step; compared when absent. */
    notCompared?: string;
    /** Parts that differ from kubectl's for a documented reason (masked before comparing only); `$1` is kept. */
    mask?: RegExp[];
    /** kubectl validates on the client here (no `--validate=false` added): its messages for a document without a type. */
    kubectlValidates?: boolean;
  }
  | { write: Record<string, string>; note?: string };

/** A group of steps sharing one server and working directory. */
export interface FlagScenario {
  name: string;
  files: Record<string, string>;
  steps: FlagStep[];
}

const yaml = (...lines: string[]): string => `${lines.join('\n')}\n`;

const ROLE = yaml(
  'apiVersion: rbac.authorization.platform.io/v1',
  'kind: Role',
  'metadata:',
  '  name: reader',
  '  namespace: team-a',
  '  labels: {team: a}',
  'rules:',
  '- apiGroups: [""]',
  '  resources: [configmaps]',
  '  verbs: [get, list]',
);
const BINDING = (subject: string, role = 'reader'): string => yaml(
  'apiVersion: rbac.authorization.platform.io/v1',
  'kind: RoleBinding',
  'metadata:',
  '  name: readers',
  '  namespace: team-a',
  'roleRef:',
  '  apiGroup: rbac.authorization.platform.io',
  '  kind: Role',
  `  name: ${role}`,
  'subjects:',
  '- apiGroup: rbac.authorization.platform.io',
  '  kind: User',
  `  name: ${subject}`,
);
const CLUSTER_ROLE = (verbs: string): string => yaml(
  'apiVersion: rbac.authorization.platform.io/v1',
  'kind: ClusterRole',
  'metadata:',
  '  name: node-viewer',
  'rules:',
  '- apiGroups: [""]',
  '  resources: [nodes]',
  `  verbs: [${verbs}]`,
  '- nonResourceURLs: ["/healthz", "/version"]',
  '  verbs: [get]',
);
const CONFIG_MAP = (name: string, data: string, extra: string[] = []): string => yaml(
  'apiVersion: v1',
  'kind: ConfigMap',
  'metadata:',
  `  name: ${name}`,
  ...extra,
  'data:',
  `  ${data}`,
);

const OVERWRITE_MESSAGE = "kubectl reports the conflict inside an error that prints its resource.Info with Go's %v and the three JSON documents; ours names the object and the two patches";
const RAW_WRITE = 'kubectl sends raw POST and PUT bodies without a Content-Type, which the rename proxy answers with an empty 400 (the local server itself takes them as JSON); the checks before sending are compared below';
const AGE = /( )\d+[smhdy](?:\d+[smhdy])?$/gm;
const EDIT_FILE = /(platform|kube)ctl-edit-[0-9a-zA-Z]+\.(yaml|json)/g;

/** The scenarios, one golden file each. */
export const FLAG_SCENARIOS: FlagScenario[] = [
  {
    name: 'auth-reconcile',
    files: {
      'rbac.yaml': [ROLE, BINDING('alice'), CLUSTER_ROLE('get, list')].join('---\n'),
      'rbac-more.yaml': [ROLE.replace('verbs: [get, list]', 'verbs: [get, list, watch]'), BINDING('bob'), CLUSTER_ROLE('get, list, watch')].join('---\n'),
      'rbac-ref.yaml': BINDING('alice', 'writer'),
      'mixed.yaml': [CONFIG_MAP('settings', 'color: blue'), ROLE].join('---\n'),
      'protected.yaml': ROLE.replace('  labels: {team: a}', '  annotations: {rbac.authorization.platform.io/autoupdate: "false"}').replace('verbs: [get, list]', 'verbs: [delete]'),
      'v1beta1.yaml': ROLE.replace('rbac.authorization.platform.io/v1', 'rbac.authorization.platform.io/v1beta1'),
    },
    steps: [
      { cli: ['auth', 'reconcile', '-f', 'rbac.yaml', '--dry-run=client'], note: 'nothing exists yet: everything would be created' },
      { cli: ['auth', 'reconcile', '-f', 'rbac.yaml'], note: 'creates the namespace, the roles and the bindings' },
      { cli: ['auth', 'reconcile', '-f', 'rbac.yaml'], note: 'nothing to do' },
      { cli: ['auth', 'reconcile', '-f', 'rbac-more.yaml'], note: 'missing rules and subjects are added' },
      { cli: ['get', 'role', 'reader', '-n', 'team-a', '-o', 'jsonpath={.rules[*].verbs}{"\\n"}'] },
      { cli: ['auth', 'reconcile', '-f', 'rbac.yaml', '--remove-extra-permissions', '--remove-extra-subjects'], note: 'back to exactly the file' },
      { cli: ['get', 'rolebinding', 'readers', '-n', 'team-a', '-o', 'jsonpath={.subjects[*].name}{"\\n"}'] },
      { cli: ['auth', 'reconcile', '-f', 'rbac-ref.yaml'], note: 'a new role reference: the binding is deleted and created again' },
      { cli: ['auth', 'reconcile', '-f', 'protected.yaml'], note: 'the annotation on the file only: the live role is updated and takes it' },
      { cli: ['auth', 'reconcile', '-f', 'rbac.yaml', '--remove-extra-permissions'], note: 'the live role opted out: reported, left alone' },
      { cli: ['auth', 'reconcile', '-f', 'mixed.yaml', '-o', 'name'], note: 'other kinds are skipped' },
      { cli: ['auth', 'reconcile', '-f', 'rbac.yaml', '-o', 'yaml', '--dry-run=client'] },
      { cli: ['auth', 'reconcile', '-f', 'v1beta1.yaml'] },
      { cli: ['auth', 'reconcile'] },
      { cli: ['auth', 'reconcile', 'role', '-f', 'rbac.yaml'] },
      { cli: ['auth', 'reconcile', '-f', 'rbac.yaml', '--dry-run=server'] },
      { cli: ['auth', 'reconcile', '-f', 'absent.yaml'] },
    ],
  },
  {
    name: 'last-applied',
    files: {
      'settings.yaml': CONFIG_MAP('settings', 'color: blue'),
      'settings-v2.yaml': CONFIG_MAP('settings', 'color: green'),
      'plain.yaml': CONFIG_MAP('plain', 'k: v'),
      'absent.yaml': CONFIG_MAP('absent', 'k: v'),
    },
    steps: [
      { cli: ['apply', '-f', 'settings.yaml'] },
      { cli: ['create', '-f', 'plain.yaml'] },
      { cli: ['apply', 'view-last-applied', 'configmap/settings'] },
      { cli: ['apply', 'view-last-applied', 'configmap', 'settings', '-o', 'json'] },
      { cli: ['apply', 'view-last-applied', '-f', 'settings.yaml'] },
      { cli: ['apply', 'view-last-applied', 'configmaps'], note: 'every config map: the one without the annotation is skipped' },
      { cli: ['apply', 'view-last-applied', 'configmap/plain'], note: 'named on the command line without the annotation: nothing, as kubectl' },
      { cli: ['apply', 'view-last-applied', '-f', 'plain.yaml'], note: "from a file: kubectl's message with its nil error" },
      { cli: ['apply', 'view-last-applied', 'configmap/settings', '-o', 'wide'] },
      { cli: ['apply', 'view-last-applied', 'configmap/absent'] },
      { cli: ['apply', 'view-last-applied'] },
      { cli: ['apply', 'set-last-applied', '-f', 'settings.yaml'], note: 'the same configuration (the recorded one ends with a newline): no change' },
      { cli: ['apply', 'set-last-applied', '-f', 'settings-v2.yaml', '--dry-run=client'] },
      { cli: ['apply', 'set-last-applied', '-f', 'settings-v2.yaml', '--dry-run=server', '-o', 'name'] },
      { cli: ['apply', 'set-last-applied', '-f', 'settings-v2.yaml'] },
      { cli: ['apply', 'view-last-applied', 'configmap/settings', '-o', 'json'], note: 'recorded without the final newline' },
      { cli: ['get', 'configmap', 'settings', '-o', 'jsonpath={.data.color}{"\\n"}'], note: 'the object itself is unchanged' },
      { cli: ['apply', 'set-last-applied', '-f', 'plain.yaml'] },
      { cli: ['apply', 'set-last-applied', '-f', 'plain.yaml', '--create-annotation', '-o', 'yaml'] },
      { cli: ['apply', 'set-last-applied', '-f', 'absent.yaml'] },
      { cli: ['apply', 'set-last-applied'] },
      { cli: ['apply', 'set-last-applied', '-f', 'settings.yaml', '--dry-run=maybe'] },
      { cli: ['apply', 'edit-last-applied', 'configmap/settings'], env: { EDITOR: 'sed -i s/green/red/' }, mask: [EDIT_FILE] },
      { cli: ['apply', 'view-last-applied', 'configmap/settings'] },
      { cli: ['apply', 'edit-last-applied', '-f', 'settings.yaml', '-o', 'json'], env: { EDITOR: 'sed -i s/red/blue/' }, mask: [EDIT_FILE] },
      { cli: ['apply', 'edit-last-applied', 'configmap/settings'], env: { EDITOR: 'true' }, note: 'saved unchanged' },
      { cli: ['apply', 'edit-last-applied', 'configmap/settings', '-o', 'yaml'], env: { EDITOR: 'sed -i s/blue/cyan/' }, mask: [EDIT_FILE] },
      { cli: ['create', 'configmap', 'bare', '--from-literal=k=v'] },
      { cli: ['apply', 'edit-last-applied', 'configmap/bare'], env: { EDITOR: 'true' } },
      { cli: ['apply', 'edit-last-applied', 'configmap/settings', '-o', 'name'], env: { EDITOR: 'true' } },
      { cli: ['apply', 'edit-last-applied'] },
    ],
  },
  {
    name: 'apply-flags',
    files: {
      'frozen.yaml': CONFIG_MAP('frozen', 'k: one').replace('\ndata:', '\nimmutable: true\ndata:'),
      'frozen-v2.yaml': CONFIG_MAP('frozen', 'k: two').replace('\ndata:', '\nimmutable: true\ndata:'),
      'shared.yaml': CONFIG_MAP('shared', 'color: blue'),
      'shared-v2.yaml': CONFIG_MAP('shared', 'color: green'),
      'shared-v3.yaml': yaml('apiVersion: v1', 'kind: ConfigMap', 'metadata:', '  name: shared', 'data:', '  color: green', '  size: big'),
      'pruned/a.yaml': CONFIG_MAP('keep', 'k: v', ['  labels: {app: prune}']),
      'pruned/b.yaml': CONFIG_MAP('gone', 'k: v', ['  labels: {app: prune}']),
    },
    steps: [
      { cli: ['apply', '-f', 'frozen.yaml'] },
      { cli: ['apply', '-f', 'frozen-v2.yaml'], note: 'an immutable config map cannot be patched' },
      { cli: ['apply', '-f', 'frozen-v2.yaml', '--force', '--grace-period=0', '--cascade=foreground', '--timeout=20s'], note: '--force deletes it and creates it again' },
      { cli: ['get', 'configmap', 'frozen', '-o', 'jsonpath={.data.k}{"\\n"}'] },
      { cli: ['apply', '-f', 'frozen-v2.yaml', '--force'], note: 'nothing to change: --force is not needed' },
      { cli: ['apply', '-f', 'frozen.yaml', '--force', '--server-side'] },
      { cli: ['apply', '-f', 'frozen.yaml', '--force', '--dry-run=server'] },
      { cli: ['apply', '-f', 'frozen.yaml', '--force', '--prune', '--all'] },
      { cli: ['apply', '-f', 'frozen.yaml', '--subresource=status'] },
      { cli: ['apply', '-f', 'frozen.yaml', '--cascade=sideways'] },
      { cli: ['apply', '-f', 'frozen-v2.yaml', '--cascade=false', '--wait', '--timeout=5s'], note: 'a deprecated --cascade value is a warning; --wait has nothing to wait for' },
      { cli: ['apply', '-f', 'shared.yaml'] },
      { cli: ['patch', 'configmap', 'shared', '-p', '{"data":{"color":"red"}}'], note: 'someone else changes the field apply owns' },
      { cli: ['apply', '-f', 'shared-v2.yaml', '--overwrite=false'], note: 'the patch would overwrite that change', notCompared: OVERWRITE_MESSAGE },
      { cli: ['apply', '-f', 'shared-v2.yaml'], note: 'overwritten by default' },
      { cli: ['apply', '-f', 'shared-v3.yaml', '--overwrite=false'], note: 'any change rewrites the last-applied annotation, which itself changed since: a conflict too, as in kubectl', notCompared: OVERWRITE_MESSAGE },
      { cli: ['apply', '--server-side', '-f', 'shared.yaml', '--subresource=status', '--dry-run=server'], note: 'config maps have no status subresource' },
      { cli: ['apply', '-f', 'pruned/'] },
      { cli: ['apply', '-f', 'pruned/a.yaml', '--prune', '-l', 'app=prune', '--prune-allowlist=core/v1/ConfigMap', '--cascade=orphan', '--grace-period=5'] },
    ],
  },
  {
    name: 'raw-requests',
    files: {
      'cm.json': '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"raw-cm"},"data":{"k":"v"}}\n',
      'cm-v2.json': '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"raw-cm"},"data":{"k":"v2"}}\n',
      'other.json': '{}\n',
    },
    steps: [
      { cli: ['create', '--raw', '/api/v1/namespaces/default/configmaps', '-f', 'cm.json'], notCompared: RAW_WRITE },
      { cli: ['replace', '--raw', '/api/v1/namespaces/default/configmaps/raw-cm', '-f', 'cm-v2.json'], notCompared: RAW_WRITE },
      { cli: ['get', 'configmap', 'raw-cm', '-o', 'jsonpath={.data.k}{"\\n"}'] },
      { cli: ['create', '--raw', '/api/v1/namespaces/default/configmaps', '-f', '-'], stdin: '{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"from-stdin"}}', notCompared: RAW_WRITE },
      { cli: ['delete', '--raw', '/api/v1/namespaces/default/configmaps/raw-cm'] },
      { cli: ['delete', '--raw', '/api/v1/namespaces/default/configmaps/raw-cm'], note: "the server's error body goes to stdout as it came" },
      { cli: ['create', '--raw', 'not a path', '-f', 'cm.json'] },
      { cli: ['create', '--raw', '/api', '-f', 'cm.json', '-f', 'other.json'] },
      { cli: ['create', '--raw', '/api', '-f', 'cm.json', '--edit'] },
      { cli: ['create', '--raw', '/api', '-f', 'cm.json', '-o', 'yaml'] },
      { cli: ['create', '--raw', '/api', '-f', 'https://example.com/cm.json'] },
      { cli: ['create', '--raw', '/api', '-f', 'cm.json', '-R'] },
      { cli: ['replace', '--raw', '/api'] },
      { cli: ['delete', '--raw', '/api', '-i'] },
      { cli: ['delete', '--raw', '/api', '-o', 'yaml'] },
      { cli: ['delete', '--raw', '/api', '--force', '--grace-period=3'] },
    ],
  },
  {
    name: 'create-edit',
    files: {
      'settings.yaml': CONFIG_MAP('settings', 'color: blue'),
      'plain.yaml': CONFIG_MAP('plain', 'k: v'),
    },
    steps: [
      { cli: ['create', '-f', 'settings.yaml', '--edit'], env: { EDITOR: 'sed -i s/blue/purple/' }, note: 'the object is edited before it is created' },
      { cli: ['get', 'configmap', 'settings', '-o', 'jsonpath={.data.color}{"\\n"}'] },
      { cli: ['create', '-f', 'plain.yaml', '--edit'], env: { EDITOR: 'true' }, note: 'saved unchanged: nothing is created' },
      { cli: ['get', 'configmap', 'plain', '--ignore-not-found', '-o', 'name'] },
      { cli: ['create', '-f', 'plain.yaml', '--edit', '-o', 'name'], env: { EDITOR: 'sed -i s/plain/plain-2/' }, note: "the editor's printer knows JSON and YAML only" },
      { cli: ['create', '-f', 'plain.yaml', '--edit', '--save-config'], env: { EDITOR: 'sed -i s/plain/plain-2/' } },
      { cli: ['apply', 'view-last-applied', 'configmap/plain-2'] },
      { cli: ['create', '-f', 'plain.yaml', '--edit', '-o', 'json'], env: { EDITOR: 'sed -i s/plain/plain-3/' }, note: 'JSON in the editor, the created object printed' },
      { cli: ['create', '-f', 'plain.yaml', '--edit'], env: { EDITOR: 'sed -i s/plain/settings/' }, note: 'an object that exists', mask: [EDIT_FILE] },
    ],
  },
  {
    name: 'delete-interactive',
    files: {},
    steps: [
      { cli: ['create', 'configmap', 'a', '--from-literal=k=v'] },
      { cli: ['create', 'configmap', 'b', '--from-literal=k=v'] },
      { cli: ['delete', 'configmap', 'a', 'b', '-i'], stdin: 'n\n', note: 'anything but y cancels' },
      { cli: ['delete', 'configmap', 'a', '--interactive'], stdin: 'Y\n' },
      { cli: ['delete', 'configmap', 'b', '-i'], stdin: '', note: 'no answer at all' },
      { cli: ['delete', 'configmap', '-l', 'absent=label', '-i'], stdin: 'y\n' },
      { cli: ['get', 'configmaps', 'a', 'b', '-o', 'name', '--ignore-not-found'] },
    ],
  },
  {
    name: 'get-server-print',
    files: {},
    steps: [
      { cli: ['create', 'configmap', 'a', '--from-literal=k=v'] },
      { cli: ['create', 'deployment', 'web', '--image=nginx'] },
      { cli: ['get', 'configmaps', '--server-print=false', '--field-selector=metadata.name=a'], mask: [AGE] },
      { cli: ['get', 'configmap', 'a', '--server-print=false'], mask: [AGE] },
      { cli: ['get', 'deployments', '--server-print=false', '--no-headers'], mask: [AGE] },
      { cli: ['get', 'configmap', 'a', '--server-print=false', '-o', 'name'] },
    ],
  },
  {
    name: 'wait-local-and-files',
    files: {
      'pod.yaml': yaml('apiVersion: v1', 'kind: Pod', 'metadata:', '  name: ready', 'spec:', '  containers:', '  - name: c', '    image: busybox', 'status:', '  phase: Running', '  conditions:', '  - type: Ready', '    status: "True"'),
      'tree/a.yaml': CONFIG_MAP('tree-a', 'k: v'),
      'tree/sub/b.yaml': CONFIG_MAP('tree-b', 'k: v'),
      'globs/one.yaml': CONFIG_MAP('glob-one', 'k: v'),
      'globs/two.yaml': CONFIG_MAP('glob-two', 'k: v'),
      'globs/notes.txt': 'not a manifest\n',
    },
    steps: [
      { cli: ['wait', '--local', '-f', 'pod.yaml', '--for=create'] },
      { cli: ['wait', '--local', '-f', 'pod.yaml', '--for=condition=Ready'], notCompared: "kubectl 1.32 crashes on a local object for any condition but create (its builder gives it no client); ours decides the condition on the file's object" },
      { cli: ['wait', '--local', '-f', 'pod.yaml', '--for=jsonpath={.status.phase}=Pending'], notCompared: 'as above' },
      { cli: ['wait', '--local', 'pod/ready', '--for=create'] },
      { cli: ['wait', '--local', '--for=create'] },
      { cli: ['wait', '--for=create'] },
      { cli: ['apply', '-f', 'tree'], note: 'without -R only the top directory' },
      { cli: ['wait', '--for=create', '-f', 'tree', '--timeout=1s'], note: 'wait recurses by default: tree-b is not there', notCompared: 'kubectl reads objects named by files from the server before waiting and reports NotFound; ours waits for them to be created' },
      { cli: ['apply', '-f', 'tree', '-R'] },
      { cli: ['wait', '--for=create', '-f', 'tree'] },
      { cli: ['wait', '--for=create', '-f', 'tree', '-R=false'] },
      { cli: ['apply', '-f', 'globs/*.yaml'], note: 'a pattern: the files it matches, in order' },
      { cli: ['get', '-f', 'globs/t*.yaml', '-o', 'name'] },
      { cli: ['delete', '-f', 'globs/*.y?ml'] },
      { cli: ['apply', '-f', 'globs/*.json'] },
      { cli: ['apply', '-f', 'globs/[.yaml'] },
    ],
  },
];
