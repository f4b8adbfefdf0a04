import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, namesOf } from '../../support/api.js';

const CM = '/api/v1/namespaces/sel/configmaps';

describe('label and field selectors', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
    await api.post('/api/v1/namespaces', { metadata: { name: 'sel' } });
    await api.post(CM, { metadata: { name: 'web-prod', labels: { app: 'web', env: 'prod' } } });
    await api.post(CM, { metadata: { name: 'web-dev', labels: { app: 'web', env: 'dev' } } });
    await api.post(CM, { metadata: { name: 'db-prod', labels: { app: 'db', env: 'prod', tier: 'data' } } });
    await api.post(CM, { metadata: { name: 'plain' } });
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  const names = async (query: string): Promise<string[]> => {
    const r = await api.get(`${CM}?${query}`);
    assert.equal(r.status, 200, `${query}: ${r.text}`);
    return namesOf(r.body).filter((n) => n !== 'platform-root-ca.crt');
  };
  const q = (s: string): string => encodeURIComponent(s);

  test('equality, inequality, set and existence requirements', async () => {
    assert.deepEqual(await names(`labelSelector=${q('app=web')}`), ['web-dev', 'web-prod']);
    assert.deepEqual(await names(`labelSelector=${q('app==web')}`), ['web-dev', 'web-prod']);
    assert.deepEqual(await names(`labelSelector=${q('app!=web')}`), ['db-prod', 'plain']);
    assert.deepEqual(await names(`labelSelector=${q('env in (prod,qa)')}`), ['db-prod', 'web-prod']);
    assert.deepEqual(await names(`labelSelector=${q('env notin (prod)')}`), ['plain', 'web-dev']);
    assert.deepEqual(await names(`labelSelector=${q('tier')}`), ['db-prod']);
    assert.deepEqual(await names(`labelSelector=${q('!tier')}`), ['plain', 'web-dev', 'web-prod']);
    assert.deepEqual(await names(`labelSelector=${q('app=web,env=prod')}`), ['web-prod']);
  });

  test('an invalid label selector is 400', async () => {
    for (const bad of ['app in (web', 'a b', '=x', 'Bad Key=1', 'a=b=c']) {
      const r = await api.get(`${CM}?labelSelector=${q(bad)}`);
      assert.equal(r.status, 400, bad);
      assert.equal(r.body.reason, 'BadRequest');
    }
  });

  test('metadata.name and metadata.namespace field selectors', async () => {
    assert.deepEqual(await names(`fieldSelector=${q('metadata.name=plain')}`), ['plain']);
    assert.deepEqual(await names(`fieldSelector=${q('metadata.name!=plain')}`), ['db-prod', 'web-dev', 'web-prod']);
    assert.deepEqual(await names(`fieldSelector=${q('metadata.namespace==sel,metadata.name=web-dev')}`), ['web-dev']);
  });

  test('an unknown field is 400 field label not supported', async () => {
    const r = await api.get(`${CM}?fieldSelector=${q('spec.foo=bar')}`);
    assert.equal(r.status, 400);
    assert.equal(r.body.message, 'field label not supported: spec.foo');
  });

  test('per-kind fields: pods, secrets, namespaces, nodes, events', async () => {
    const pods = '/api/v1/namespaces/sel/pods';
    await api.post(pods, { metadata: { name: 'p1' }, spec: { nodeName: 'n1', containers: [{ name: 'c', image: 'x' }] } });
    await api.post(pods, { metadata: { name: 'p2' }, spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'x' }] } });
    const podNames = async (s: string): Promise<string[]> => namesOf((await api.get(`${pods}?fieldSelector=${q(s)}`)).body);
    assert.deepEqual(await podNames('spec.nodeName=n1'), ['p1']);
    assert.deepEqual(await podNames('spec.restartPolicy=Never'), ['p2']);
    assert.deepEqual(await podNames('status.phase=Pending'), ['p1', 'p2']);
    assert.deepEqual(await podNames('spec.schedulerName=default-scheduler,spec.serviceAccountName=default'), ['p1', 'p2']);
    assert.deepEqual(await podNames('status.podIP='), ['p1', 'p2']);
    await api.post('/api/v1/namespaces/sel/secrets', { metadata: { name: 's1' }, type: 'Opaque' });
    assert.deepEqual(namesOf((await api.get(`/api/v1/namespaces/sel/secrets?fieldSelector=${q('type=Opaque')}`)).body), ['s1']);
    assert.ok(namesOf((await api.get(`/api/v1/namespaces?fieldSelector=${q('status.phase=Active')}`)).body).includes('sel'));
    await api.post('/api/v1/nodes', { metadata: { name: 'n-cordoned' }, spec: { unschedulable: true } });
    assert.deepEqual(namesOf((await api.get(`/api/v1/nodes?fieldSelector=${q('spec.unschedulable=true')}`)).body), ['n-cordoned']);
    await api.post('/api/v1/namespaces/sel/events', { metadata: { name: 'e1' }, involvedObject: { kind: 'Pod', name: 'p1', namespace: 'sel' }, reason: 'Pulled', type: 'Normal' });
    assert.deepEqual(namesOf((await api.get(`/api/v1/namespaces/sel/events?fieldSelector=${q('involvedObject.name=p1,reason=Pulled,type=Normal')}`)).body), ['e1']);
  });
});
