/**
 * The pure parts of the discovery commands, on inputs the local server does not produce: groups
 * serving a resource in several versions (client-go's preferred-version selection), sort ties,
 * kubectl's link rules for cluster services, and the typed-order JSON of `cluster-info dump`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DiscoveredResource } from '../../src/sdk/discovery/model.js';
import type { KubeObject } from '../../src/sdk/types/meta.js';
import { preferredResources } from '../../src/cli/commands/api-resources/preferred.js';
import { selectResources } from '../../src/cli/commands/api-resources/select.js';
import { formatResources } from '../../src/cli/commands/api-resources/format.js';
import { incompleteDiscoveryMessage } from '../../src/cli/commands/api-resources/discovery-errors.js';
import { versionsOf } from '../../src/cli/commands/api-versions/versions.js';
import { joinSchemeNamePort, serviceDisplayName, serviceLink } from '../../src/cli/commands/cluster-info/service-links.js';
import { serviceLine } from '../../src/cli/commands/cluster-info/print-service.js';
import { listPrinter } from '../../src/cli/commands/cluster-info/dump/list-printer.js';
import { withTemplateCreationTimestamp } from '../../src/cli/commands/cluster-info/dump/template-metadata.js';

function res(group: string, version: string, resource: string, kind: string, extra: Partial<DiscoveredResource> = {}): DiscoveredResource {
  return { group, version, resource, singular: resource, kind, namespaced: true, verbs: ['get', 'list'], shortNames: [], categories: [], subresources: [], ...extra };
}

test('preferred resources: the preferred version wins, other versions fill in what it lacks', () => {
  const snapshot = {
    groups: [
      { name: '', versions: ['v1'], preferredVersion: 'v1' },
      // v2 is preferred but listed last; v1beta1 is the only one serving `legacies`.
      { name: 'x.example.com', versions: ['v1beta1', 'v1', 'v2'], preferredVersion: 'v2' },
    ],
    resources: [
      res('', 'v1', 'pods', 'Pod'),
      res('x.example.com', 'v1beta1', 'things', 'Thing'),
      res('x.example.com', 'v1beta1', 'legacies', 'Legacy'),
      res('x.example.com', 'v1', 'things', 'Thing'),
      res('x.example.com', 'v1', 'others', 'Other'),
      res('x.example.com', 'v2', 'things', 'Thing'),
    ],
  };
  const picked = preferredResources(snapshot).map((r) => `${r.group}/${r.version}/${r.resource}`);
  assert.deepEqual(picked, ['/v1/pods', 'x.example.com/v1beta1/legacies', 'x.example.com/v1/others', 'x.example.com/v2/things']);
});

test('select: filters only what was given, sorts stably with ties broken by name', () => {
  const all = [
    res('', 'v1', 'events', 'Event'),
    res('', 'v1', 'nodes', 'Node', { namespaced: false, verbs: ['get', 'list', 'watch'] }),
    res('events.x.io', 'v1', 'events', 'Event', { categories: ['all'] }),
    res('apps', 'v1', 'deployments', 'Deployment', { verbs: ['get', 'list', 'watch'], categories: ['all'] }),
    res('apps', 'v1', 'bindings', 'Binding', { verbs: [] }),
  ];
  const names = (rs: DiscoveredResource[]): string[] => rs.map((r) => `${r.resource}.${r.group}`);
  assert.deepEqual(names(selectResources(all, { verbs: [], categories: [], sortBy: '' })), ['events.', 'nodes.', 'deployments.apps', 'events.events.x.io']);
  assert.deepEqual(names(selectResources(all, { verbs: [], categories: [], sortBy: 'name' })), ['deployments.apps', 'events.', 'events.events.x.io', 'nodes.']);
  assert.deepEqual(names(selectResources(all, { verbs: [], categories: [], sortBy: 'kind' })), ['deployments.apps', 'events.', 'events.events.x.io', 'nodes.']);
  assert.deepEqual(names(selectResources(all, { apiGroup: '', verbs: [], categories: [], sortBy: '' })), ['events.', 'nodes.']);
  assert.deepEqual(names(selectResources(all, { namespaced: false, verbs: [], categories: [], sortBy: '' })), ['nodes.']);
  assert.deepEqual(names(selectResources(all, { verbs: ['watch', 'list'], categories: [], sortBy: '' })), ['nodes.', 'deployments.apps']);
  assert.deepEqual(names(selectResources(all, { verbs: [], categories: ['all'], sortBy: 'name' })), ['deployments.apps', 'events.events.x.io']);
});

test('format: tab-writer columns, empty trailing cells, and -o name', () => {
  const rs = [res('', 'v1', 'pods', 'Pod', { shortNames: ['po'], verbs: ['get'] }), res('apps', 'v1', 'deployments', 'Deployment')];
  assert.equal(formatResources(rs, '', false), [
    'NAME          SHORTNAMES   APIVERSION   NAMESPACED   KIND',
    'pods          po           v1           true         Pod',
    'deployments                apps/v1      true         Deployment',
    '',
  ].join('\n'));
  assert.equal(formatResources(rs, 'wide', true), [
    'pods          po    v1        true   Pod          get        ',
    'deployments         apps/v1   true   Deployment   get,list   ',
    '',
  ].join('\n'));
  assert.equal(formatResources(rs, 'name', false), 'pods\ndeployments.apps\n');
  assert.equal(formatResources([], 'name', false), '');
});

test('discovery failures are listed sorted, as client-go words them', () => {
  assert.equal(
    incompleteDiscoveryMessage([{ groupVersion: 'z.io/v1', message: 'stale GroupVersion discovery: z.io/v1' }, { groupVersion: 'metrics.io/v1beta1', message: 'the server is currently unable to handle the request' }]),
    'unable to retrieve the complete list of server APIs: metrics.io/v1beta1: the server is currently unable to handle the request, z.io/v1: stale GroupVersion discovery: z.io/v1',
  );
});

test('api-versions: every version of every group, in byte order', () => {
  assert.deepEqual(versionsOf([{ name: '', versions: ['v1'] }, { name: 'b.io', versions: ['v2', 'v1'] }, { name: 'Z.io', versions: ['v1'] }, { name: 'apps', versions: ['v1'] }]), [
    'Z.io/v1', 'apps/v1', 'b.io/v1', 'b.io/v2', 'v1',
  ]);
});

test('cluster-info links: proxy paths with kubectl\'s scheme guess, load balancer ingress, display names', () => {
  assert.equal(joinSchemeNamePort('https', 'svc', ''), 'https:svc:');
  assert.equal(joinSchemeNamePort('', 'svc', 'web'), 'svc:web');
  assert.equal(joinSchemeNamePort('', 'svc', ''), 'svc');
  const host = 'https://10.0.0.1:6443';
  assert.equal(serviceLink({ metadata: { name: 'a', namespace: 'ns' }, spec: { ports: [{ port: 443 }] } }, host), `${host}/api/v1/namespaces/ns/services/https:a:/proxy`);
  assert.equal(serviceLink({ metadata: { name: 'a', namespace: 'ns' }, spec: { ports: [{ name: 'https', port: 8443 }, { name: 'x', port: 1 }] } }, host), `${host}/api/v1/namespaces/ns/services/https:a:https/proxy`);
  assert.equal(serviceLink({ metadata: { name: 'a', namespace: 'ns' }, spec: { ports: [{ port: 80 }] } }, host), `${host}/api/v1/namespaces/ns/services/a/proxy`);
  assert.equal(serviceLink({ metadata: { name: 'a', namespace: 'ns' }, spec: { ports: [{ port: 80 }, { port: 81 }] }, status: { loadBalancer: { ingress: [{ hostname: 'lb.example.com' }, { ip: '1.2.3.4' }] } } }, host), 'http://lb.example.com:80 http://lb.example.com:81 ');
  assert.equal(serviceDisplayName({ metadata: { name: 'a', labels: { 'platform.io/name': 'Pretty' } } }), 'Pretty');
  assert.equal(serviceDisplayName({ metadata: { name: 'a', labels: { 'platform.io/name': '' } } }), 'a');
  assert.equal(serviceLine('n', 'l', true), '\x1b[0;32mn\x1b[0m is running at \x1b[0;33ml\x1b[0m\n');
  assert.equal(serviceLine('n', 'l', false), 'n is running at l\n');
});

test('dump JSON: insertion order, four-space indent, Go escaping, empty containers', async () => {
  const print = await listPrinter({ output: 'json', template: '', allowMissingKeys: false, showManagedFields: true, readFile: async () => '' });
  assert.equal(print({ kind: 'X', b: [1, 'a<b>&\u2028'], a: {}, c: [], d: null, e: { z: true, y: 1.5 } } as KubeObject, '*v1.XList'), [
    '{',
    '    "kind": "X",',
    '    "b": [',
    '        1,',
    '        "a\\u003cb\\u003e\\u0026\\u2028"',
    '    ],',
    '    "a": {},',
    '    "c": [],',
    '    "d": null,',
    '    "e": {',
    '        "z": true,',
    '        "y": 1.5',
    '    }',
    '}',
    '',
  ].join('\n'));
});

test('dump: a pod template without a creation time shows it as null, where Go puts it', () => {
  const d = withTemplateCreationTimestamp({ kind: 'Deployment', spec: { replicas: 1, template: { metadata: { name: 'x', labels: { a: 'b' } }, spec: {} } } });
  assert.deepEqual(Object.keys((d.spec as { template: { metadata: object } }).template.metadata), ['name', 'creationTimestamp', 'labels']);
  const bare = withTemplateCreationTimestamp({ kind: 'Deployment', spec: { template: { spec: {} } } });
  assert.deepEqual((bare.spec as { template: { metadata: object } }).template.metadata, { creationTimestamp: null });
  const pod = { kind: 'Pod', spec: { containers: [] } };
  assert.equal(withTemplateCreationTimestamp(pod), pod);
});
