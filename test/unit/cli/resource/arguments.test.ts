/** The resource arguments (kubectl's ResourceTypeOrNameArgs) and the resolution of types to queries. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseResourceArguments } from '../../../../src/cli/resource/arguments.js';
import { resolveResources } from '../../../../src/cli/resource/resolve.js';
import { fetchAllObjects, fetchObjects } from '../../../../src/cli/resource/fetch.js';
import { UsageError } from '../../../../src/cli/framework/usage-error.js';
import { createClient } from '../../../../src/sdk/client.js';
import { closeAllDispatchers } from '../../../../src/sdk/transport/dispatchers.js';
import { startTestServer } from '../../../support/server.js';

test('types, TYPE NAME..., comma types and TYPE/NAME pairs', () => {
  assert.equal(parseResourceArguments([]), undefined);
  assert.deepEqual(parseResourceArguments(['pods']), { form: 'types', types: ['pods'] });
  assert.deepEqual(parseResourceArguments(['cm,secrets']), { form: 'types', types: ['cm', 'secrets'] });
  assert.deepEqual(parseResourceArguments(['cm,secret', 'a', 'b']), {
    form: 'names',
    pairs: [{ type: 'cm', name: 'a' }, { type: 'cm', name: 'b' }, { type: 'secret', name: 'a' }, { type: 'secret', name: 'b' }],
  });
  assert.deepEqual(parseResourceArguments(['cm/a', 'deploy/web']), { form: 'names', pairs: [{ type: 'cm', name: 'a' }, { type: 'deploy', name: 'web' }] });
});

test('malformed arguments are kubectl usage errors', () => {
  const message = (args: string[]): string => {
    try {
      parseResourceArguments(args);
    } catch (err) {
      assert.ok(err instanceof UsageError);
      return err.message;
    }
    return 'no error';
  };
  assert.match(message(['cm', 'cm/a']), /^there is no need to specify a resource type as a separate argument/);
  assert.equal(message(['a/b/c']), 'arguments in resource/name form may not have more than one slash');
  assert.equal(message(['cm/']), 'arguments in resource/name form must have a single resource and name');
  assert.equal(message(['/a']), 'arguments in resource/name form must have a single resource and name');
});

test('resolution through discovery, selection rules, and chunked fetching', async () => {
  const server = await startTestServer();
  try {
    const client = createClient({ server: server.url, caData: server.caPem, bearerToken: server.adminToken, namespace: 'default' }, { env: {} });
    for (let i = 0; i < 5; i++) await client.configMaps('default').create({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `c${i}`, labels: { n: String(i % 2) } } });
    const none = { labelSelector: '', fieldSelector: '', allNamespaces: false, all: false };
    const opts = { namespace: 'default', allowBareTypes: true };

    const named = await resolveResources(client, { form: 'names', pairs: [{ type: 'cm', name: 'c1' }, { type: 'configmap', name: 'c2' }] }, none, opts);
    assert.equal(named.queries.length, 1, 'consecutive names of one type form one query');
    assert.deepEqual(named.queries[0]?.names, ['c1', 'c2']);
    assert.equal(named.queries[0]?.namespace, 'default');
    assert.equal(named.singleItemImplied, false);

    const listed = await resolveResources(client, { form: 'types', types: ['cm', 'configmaps', 'namespaces'] }, { ...none, allNamespaces: true }, opts);
    assert.deepEqual(listed.queries.map((q) => [q.mapping.resource, q.namespace, q.names]), [['configmaps', undefined, undefined], ['namespaces', undefined, undefined]]);

    await assert.rejects(resolveResources(client, { form: 'types', types: ['cm'] }, none, { ...opts, allowBareTypes: false }), /resource\(s\) were provided, but no name was specified/);
    await assert.rejects(resolveResources(client, { form: 'names', pairs: [{ type: 'cm', name: 'x' }] }, { ...none, labelSelector: 'a=b' }, opts), /name cannot be provided when a selector is specified/);
    await assert.rejects(resolveResources(client, { form: 'names', pairs: [{ type: 'cm', name: 'x' }] }, { ...none, allNamespaces: true }, opts), /a resource cannot be retrieved by name across all namespaces/);
    await assert.rejects(resolveResources(client, { form: 'types', types: ['bogus'] }, none, opts), /the server doesn't have a resource type "bogus"/);

    const cms = await resolveResources(client, { form: 'types', types: ['cm'] }, none, opts);
    const query = cms.queries[0];
    assert.ok(query !== undefined);
    const chunks: number[] = [];
    for await (const chunk of fetchObjects(client, query, { selection: { labelSelector: 'n', fieldSelector: '' }, chunkSize: 2 })) chunks.push(chunk.length);
    assert.deepEqual(chunks, [2, 2, 1]);
    const odd = await fetchAllObjects(client, cms.queries, { selection: { labelSelector: 'n=1', fieldSelector: '' } });
    assert.deepEqual(odd.map((o) => [o.object.kind, o.object.apiVersion, o.object.metadata?.name]), [['ConfigMap', 'v1', 'c1'], ['ConfigMap', 'v1', 'c3']]);

    const errors: unknown[] = [];
    const some = await fetchAllObjects(client, [{ mapping: query.mapping, namespace: 'default', names: ['c0', 'nope', 'c4'] }], { selection: none, onError: (e) => errors.push(e) });
    assert.deepEqual(some.map((o) => o.object.metadata?.name), ['c0', 'c4']);
    assert.equal(errors.length, 1);
    const ignored = await fetchAllObjects(client, [{ mapping: query.mapping, namespace: 'default', names: ['nope'] }], { selection: none, ignoreNotFound: true });
    assert.deepEqual(ignored, []);
  } finally {
    await server.stop();
    await closeAllDispatchers();
  }
});
