/**
 * Golden transcripts of the write commands besides apply: diff, create (from files and the
 * generators), replace, delete, label, annotate and patch, against the local server.
 */
import { test } from 'node:test';
import { assertGolden, transcript, type Scenario } from './writes-golden.js';

const cm = (name: string, data: Record<string, string>, extra = ''): string =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n${extra}data:\n${Object.entries(data).map(([k, v]) => `  ${k}: "${v}"\n`).join('')}`;

const SECRET = 'apiVersion: v1\nkind: Secret\nmetadata:\n  name: creds\ntype: Opaque\nstringData:\n  password: hunter2\n';

/** An external diff program: lists the files of both directories and exits 1 like diff(1). */
const LISTER = `import { readdirSync } from 'node:fs';
const [live, merged] = process.argv.slice(-2);
for (const [side, dir] of [['live', live], ['merged', merged]]) {
  for (const name of readdirSync(dir).sort()) process.stdout.write(side + ': ' + name + '\\n');
}
process.exit(1);
`;

/**
 * A fixture editor: `node editor.mjs ACTION...` applies the next action (one per run, counted in
 * editor.count) to the file and appends what it was shown to editor.log. Actions: `keep`, `clear`,
 * `break` (invalid YAML), `unbreak` (remove it and change the data), `rename` (metadata.name), `badlabel`
 * (a label the server refuses), `set=FROM=TO` (text replacement).
 */
const EDITOR = `import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
const args = process.argv.slice(2);
const file = args.pop();
const count = existsSync('editor.count') ? Number(readFileSync('editor.count', 'utf8')) : 0;
writeFileSync('editor.count', String(count + 1));
const action = args[count] ?? 'keep';
let text = readFileSync(file, 'utf8');
appendFileSync('editor.log', '--- run ' + (count + 1) + ' (' + action + ')\\n' + text);
if (action === 'clear') text = '';
else if (action === 'break') text += 'broken: [unclosed\\n';
else if (action === 'badlabel') text = text.replace('  name: settings\\n', '  labels:\\n    bad key: x\\n  name: settings\\n');
else if (action === 'rename') text = text.replace('  name: settings\\n', '  name: renamed\\n');
else if (action === 'unbreak') text = text.replace('broken: [unclosed\\n', '').replace('mode: medium', 'mode: repaired');
else if (action.startsWith('set=')) {
  const [, from, to] = action.split('=');
  text = text.replace(from, to);
}
writeFileSync(file, text);
`;

const scenarios: { dir: string; scenario: Scenario }[] = [
  {
    dir: 'diff',
    scenario: {
      name: 'diff',
      files: {
        'cm.yaml': cm('settings', { mode: 'fast', size: '1' }, '  labels: {app: demo}\n'),
        'changed.yaml': cm('settings', { mode: 'slow', size: '1' }, '  labels: {app: demo}\n'),
        'new.yaml': cm('fresh', { a: '1' }),
        'secret.yaml': SECRET,
        'lister.mjs': LISTER,
        'bad.yaml': cm('x', { a: '1' }, '  namespace: missing\n'),
      },
      steps: [
        { cli: ['diff', '-f', 'new.yaml'], note: 'a new object is compared against nothing; exit 1 when there are differences' },
        { cli: ['apply', '-f', 'cm.yaml'] },
        { cli: ['diff', '-f', 'cm.yaml'], note: 'no differences: exit 0' },
        { cli: ['diff', '-f', 'changed.yaml'], note: 'managedFields, generation and the resourceVersion are left out' },
        { cli: ['diff', '-f', 'changed.yaml', '--server-side'] },
        { cli: ['diff', '-f', 'changed.yaml', '-f', 'new.yaml'], env: { PLATFORM_EXTERNAL_DIFF: 'node lister.mjs' }, note: 'PLATFORM_EXTERNAL_DIFF gets two directories' },
        { cli: ['apply', '-f', 'secret.yaml'] },
        { write: { 'secret.yaml': SECRET.replace('hunter2', 'swordfish') } },
        { cli: ['diff', '-f', 'secret.yaml'], note: 'secret values are masked' },
        { cli: ['diff', '-f', 'bad.yaml'], note: 'errors exit 2' },
        { cli: ['diff'] },
      ],
    },
  },
  {
    dir: 'create',
    scenario: {
      name: 'create',
      files: {
        'two.yaml': `${cm('alpha', { a: '1' })}---\n${cm('beta', { b: '2' }, '  labels: {tier: web}\n')}`,
        'generated.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  generateName: gen-\ndata:\n  a: "1"\n',
        'config/app.properties': 'color=blue\nsize=2\n',
        'config/log.properties': 'level=debug\n',
        'app.env': '# settings\nMODE=fast\nEMPTY=\n\nQUOTED="a b"\n',
        'bad.env': 'export X=1\n',
      },
      steps: [
        { cli: ['create', '-f', 'two.yaml'] },
        { cli: ['create', '-f', 'two.yaml'], note: 'objects that exist already are errors; exit 1' },
        { cli: ['create', '-f', 'two.yaml', '-l', 'tier=web', '--dry-run=server', '-o', 'name'] },
        { cli: ['create', '-f', 'generated.yaml', '--dry-run=client', '-o', 'yaml'], note: 'create accepts generateName' },
        { cli: ['apply', '-f', 'generated.yaml'], note: 'apply does not' },
        { cli: ['create', 'namespace', 'team-a'] },
        { cli: ['create', 'namespace', 'team-b', '--dry-run=client', '-o', 'yaml'] },
        { cli: ['create', 'configmap', 'literal', '--from-literal=key1=config1', '--from-literal=key2=config2', '--save-config', '-o', 'yaml'] },
        { cli: ['apply', '-f', '-'], stdin: cm('literal', { key1: 'config1' }), note: '--save-config lets apply take over' },
        { cli: ['create', 'configmap', 'files', '--from-file=config', '--from-file=renamed=config/log.properties', '--dry-run=client', '-o', 'yaml'] },
        { cli: ['create', 'configmap', 'env', '--from-env-file=app.env', '--dry-run=client', '-o', 'json'] },
        { cli: ['create', 'configmap', 'bad', '--from-env-file=bad.env'] },
        { cli: ['create', 'configmap', 'dup', '--from-literal=a=1', '--from-literal=a=2'] },
        { cli: ['create', 'secret', 'generic', 'creds', '--from-literal=password=hunter2', '-n', 'team-a', '-o', 'yaml'] },
        { cli: ['create', 'secret', 'generic', 'typed', '--type=example.com/token', '--from-literal=t=x', '--dry-run=server'] },
        { cli: ['create', 'serviceaccount', 'robot', '-n', 'team-a'] },
        { cli: ['create', 'serviceaccount', 'robot', '-n', 'team-a'] },
        { cli: ['create', 'configmap'], note: 'a name is required' },
      ],
    },
  },
  {
    dir: 'create',
    scenario: {
      name: 'replace',
      files: {
        'cm.yaml': cm('settings', { mode: 'fast' }),
        'changed.yaml': cm('settings', { mode: 'slow' }),
        'missing.yaml': cm('absent', { a: '1' }),
      },
      steps: [
        { cli: ['create', '-f', 'cm.yaml'] },
        { cli: ['replace', '-f', 'changed.yaml'] },
        { get: '/api/v1/namespaces/default/configmaps/settings' },
        { cli: ['replace', '-f', 'cm.yaml', '--dry-run=server', '-o', 'yaml'] },
        { cli: ['replace', '-f', 'missing.yaml'], note: 'replace needs the object to exist' },
        { cli: ['replace', '--force', '-f', 'cm.yaml'], note: '--force deletes, waits until it is gone, and creates' },
        { cli: ['replace', '--force', '-f', 'missing.yaml'] },
        { cli: ['replace', '-f', 'cm.yaml', '--save-config'] },
        { cli: ['apply', '-f', 'changed.yaml'] },
        { cli: ['replace'] },
        { cli: ['replace', '-f', 'cm.yaml', '--grace-period=3'] },
      ],
    },
  },
  {
    dir: 'delete',
    scenario: {
      name: 'delete',
      files: {
        'objects.yaml': [
          'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: team\n',
          cm('a', { k: '1' }, '  labels: {app: demo}\n'),
          cm('b', { k: '1' }, '  labels: {app: demo}\n'),
          cm('c', { k: '1' }),
          cm('d', { k: '1' }, '  namespace: team\n  labels: {app: demo}\n'),
          cm('e', { k: '1' }, '  namespace: team\n'),
          cm('held', { k: '1' }, '  finalizers: [example.com/hold]\n'),
          cm('f', { k: '1' }),
          cm('g', { k: '1' }),
        ].join('---\n'),
        'one.yaml': cm('c', { k: '1' }),
      },
      steps: [
        { cli: ['apply', '-f', 'objects.yaml'] },
        { cli: ['delete', 'configmap', 'a', '--dry-run=client'] },
        { cli: ['delete', 'configmap', 'a', '--dry-run=server'] },
        { cli: ['delete', 'configmap', 'a', 'nope'], note: 'each missing object is an error; the others are deleted' },
        { cli: ['delete', 'configmap/nope', '--ignore-not-found'] },
        { cli: ['delete', '-f', 'one.yaml', '-o', 'name'] },
        { cli: ['delete', 'cm', '-l', 'app=demo', '-A'], note: 'a selector across all namespaces' },
        { cli: ['delete', 'cm', '-l', 'app=demo'], note: 'nothing left to select' },
        { cli: ['delete', 'configmap', 'held', '--timeout=1s'], note: 'the wait follows finalizers and times out' },
        { cli: ['delete', 'configmap', 'held', '--wait=false', '--ignore-not-found'] },
        { cli: ['delete', 'cm', '-n', 'team', '--all', '--wait=false'] },
        { cli: ['delete', 'namespace', 'team', '--now', '--wait=false'] },
        { cli: ['delete', 'configmap', 'f', '--force', '--grace-period=0'], note: 'a forced deletion warns first' },
        { cli: ['delete', 'configmap/g', '--cascade=orphan', '--timeout=5s'] },
        { cli: ['delete', 'configmap', 'g', '--cascade=false'] },
        { cli: ['delete'], note: 'usage errors' },
        { cli: ['delete', 'cm'] },
        { cli: ['delete', 'cm', 'x', '-l', 'a=b'] },
        { cli: ['delete', 'cm', '--all', '-l', 'a=b'] },
        { cli: ['delete', '-f', 'one.yaml', 'cm', 'x'] },
        { cli: ['delete', 'cm', 'x', '-o', 'yaml'] },
        { cli: ['delete', 'cm', 'x', '--grace-period=0', '--now'] },
        { cli: ['delete', 'cm', 'x', '--cascade=sideways'] },
      ],
    },
  },
  {
    dir: 'label',
    scenario: {
      name: 'label',
      files: {
        'cms.yaml': [cm('a', { k: '1' }, '  labels: {tier: web}\n'), cm('b', { k: '1' })].join('---\n'),
        'local.yaml': cm('offline', { k: '1' }),
      },
      steps: [
        { cli: ['create', '-f', 'cms.yaml'] },
        { cli: ['label', 'configmap', 'a', 'env=prod'] },
        { cli: ['label', 'configmap', 'a', 'env=prod'], note: 'the same value again' },
        { cli: ['label', 'configmap', 'a', 'env=test'], note: 'changing needs --overwrite' },
        { cli: ['label', 'configmap', 'a', 'env=test', '--overwrite'] },
        { cli: ['label', 'configmap', 'a', 'env-', 'gone-'] },
        { cli: ['label', 'configmap', 'a', '--list'] },
        { cli: ['label', 'configmaps', '--all', 'team=x', '--dry-run=server'] },
        { cli: ['label', 'configmaps', '-l', 'tier=web', 'team=x', '-o', 'name'] },
        { cli: ['label', '-f', 'cms.yaml', 'owner=me', '-o', 'yaml', '--dry-run=client'] },
        { cli: ['label', '-f', 'local.yaml', '--local', 'x=y', '-o', 'yaml'], note: '--local never contacts the server' },
        { cli: ['label', 'configmap', 'a', 'x=1', '--resource-version=1'], note: 'a stale resource version conflicts' },
        { cli: ['label', 'configmap', 'a', 'bad key=1'] },
        { cli: ['label', 'configmap', 'a', 'v=not valid'] },
        { cli: ['label', 'configmap', 'a'] },
        { cli: ['label', 'configmap', 'a', 'x=1', 'b'] },
        { cli: ['label', 'configmap', 'a', 'x=1', 'x-'] },
        { cli: ['label', 'configmap', 'nope', 'x=1'] },
      ],
    },
  },
  {
    dir: 'annotate',
    scenario: {
      name: 'annotate',
      files: { 'cm.yaml': cm('a', { k: '1' }) },
      steps: [
        { cli: ['create', '-f', 'cm.yaml'] },
        { cli: ['annotate', 'configmap', 'a', 'description=my frontend', 'owner=team-a'] },
        { cli: ['annotate', 'configmap', 'a', 'description=other'] },
        { cli: ['annotate', 'configmap', 'a', 'description=other', '--overwrite', '-o', 'json'] },
        { cli: ['annotate', 'configmap/a', 'owner-'] },
        { cli: ['annotate', 'configmap', 'a', '--list'] },
        { cli: ['annotate', '-f', 'cm.yaml', 'k=v', '--dry-run=server'] },
        { cli: ['annotate', 'configmap', 'a', '=v'] },
      ],
    },
  },
  {
    dir: 'patch',
    scenario: {
      name: 'patch',
      files: {
        'cm.yaml': cm('a', { color: 'red', size: '1' }),
        'patch.yaml': 'data:\n  color: green\n',
        'deploy.yaml': 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 1\n  selector:\n    matchLabels: {app: web}\n  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n      - name: web\n        image: registry.example/web:1.0\n      - name: sidecar\n        image: registry.example/sidecar:1.0\n',
      },
      steps: [
        { cli: ['create', '-f', 'cm.yaml', '-f', 'deploy.yaml'] },
        { cli: ['patch', 'configmap', 'a', '-p', '{"data":{"color":"blue"}}'] },
        { cli: ['patch', 'configmap', 'a', '-p', '{"data":{"color":"blue"}}'], note: 'nothing changes' },
        { cli: ['patch', 'configmap', 'a', '-p', 'data: {size: "2"}', '--type', 'merge', '-o', 'yaml'], note: 'YAML patches are accepted' },
        { cli: ['patch', 'configmap', 'a', '--type=json', '-p', '[{"op":"remove","path":"/data/size"}]'] },
        { cli: ['patch', 'configmap', 'a', '--patch-file', 'patch.yaml', '--dry-run=server', '-o', 'jsonpath={.data.color}'] },
        { cli: ['patch', 'deployment', 'web', '-p', '{"spec":{"template":{"spec":{"containers":[{"name":"sidecar","image":"registry.example/sidecar:2.0"}]}}}}'], note: 'a strategic merge patch merges containers by name' },
        { get: '/apis/apps/v1/namespaces/default/deployments/web' },
        { cli: ['patch', 'deployment', 'web', '--subresource=scale', '--type=merge', '-p', '{"spec":{"replicas":3}}'] },
        { cli: ['patch', '-f', 'cm.yaml', '--local', '--type=merge', '-p', '{"data":{"local":"yes"}}', '-o', 'yaml'] },
        { cli: ['patch', 'configmap', 'a', '--type=json', '-p', '[{"op":"remove","path":"/data/nothere"}]'] },
        { cli: ['patch', 'configmap', 'a', '-p', '{bad'] },
        { cli: ['patch', 'configmap', 'a'] },
        { cli: ['patch', 'configmap', 'a', '--type=xml', '-p', '{}'] },
        { cli: ['patch', 'configmap', 'nope', '-p', '{}'] },
      ],
    },
  },
  {
    dir: 'edit',
    scenario: {
      name: 'edit',
      files: {
        'editor.mjs': EDITOR,
        'objects.yaml': `${cm('settings', { mode: 'fast' })}---\n${cm('other', { mode: 'slow' })}`,
        'created.yaml': cm('created', { mode: 'medium' }),
      },
      steps: [
        { cli: ['apply', '-f', 'objects.yaml'] },
        { cli: ['edit', 'configmap/settings'], env: { PLATFORM_EDITOR: 'node editor.mjs set=fast=medium' }, note: 'a change is sent as a patch' },
        { show: 'editor.log', note: 'the editor saw the object under the comment header' },
        { remove: ['editor.log', 'editor.count'] },
        { get: '/api/v1/namespaces/default/configmaps/settings' },
        { cli: ['edit', 'configmap', 'settings'], env: { PLATFORM_EDITOR: 'node editor.mjs keep' }, note: 'no change' },
        { remove: ['editor.log', 'editor.count'] },
        { cli: ['edit', 'configmap', 'settings'], env: { PLATFORM_EDITOR: 'node editor.mjs clear' }, note: 'an empty file cancels' },
        { remove: ['editor.log', 'editor.count'] },
        { cli: ['edit', 'configmap', 'settings', '-o', 'yaml', '--output-patch'], env: { EDITOR: 'node editor.mjs break unbreak' }, note: 'invalid YAML reopens the editor with the error in the header; $EDITOR is used without PLATFORM_EDITOR' },
        { show: 'editor.log' },
        { remove: ['editor.log', 'editor.count'] },
        { cli: ['edit', 'configmap', 'settings'], env: { PLATFORM_EDITOR: 'node editor.mjs rename keep' }, note: 'a changed name is refused; saving the same text again gives up and keeps the file' },
        { show: 'editor.log' },
        { remove: ['editor.log', 'editor.count'] },
        { cli: ['edit', 'configmap', 'settings'], env: { PLATFORM_EDITOR: 'node editor.mjs badlabel keep' }, note: 'the server\'s reasons are shown in the header when the editor reopens' },
        { show: 'editor.log' },
        { remove: ['editor.log', 'editor.count'] },
        { cli: ['edit', '-f', 'objects.yaml', '--save-config'], env: { PLATFORM_EDITOR: 'node editor.mjs set=slow=slower' }, note: 'several objects are edited as a List' },
        { cli: ['edit', 'configmap/missing'], env: { PLATFORM_EDITOR: 'node editor.mjs keep' } },
        { cli: ['edit'] },
        { remove: ['editor.log', 'editor.count'] },
        { cli: ['create', '-f', 'created.yaml', '--edit'], env: { PLATFORM_EDITOR: 'node editor.mjs break unbreak' }, note: 'create --edit: invalid YAML reopens the editor with the error in the header' },
        { show: 'editor.log' },
      ],
    },
  },
];

for (const { dir, scenario } of scenarios) {
  test(`${dir} golden: ${scenario.name}`, async () => {
    await assertGolden(dir, scenario.name, await transcript(scenario));
  });
}
