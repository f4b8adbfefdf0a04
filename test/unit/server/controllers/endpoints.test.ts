import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { JsonObject } from '../../../../src/sdk/types/meta.js';
import { endpointsController } from '../../../../src/server/controllers/workloads/endpoints.js';
import { endpointSliceController } from '../../../../src/server/controllers/workloads/endpointslice.js';
import { setPodRunning, startControllers, type WorkloadHarness } from '../../../support/workloads.js';

const meta = (o: JsonObject | undefined): JsonObject => (o?.metadata ?? {}) as JsonObject;

async function harness(): Promise<WorkloadHarness> {
  return startControllers([['endpoint-controller', endpointsController], ['endpointslice-controller', endpointSliceController]]);
}

function pod(name: string, labels: Record<string, string>, ports: JsonObject[] = [{ name: 'http', containerPort: 8080 }]): JsonObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', labels }, spec: { containers: [{ name: 'web', image: 'web', ports }] } };
}

async function withIp(h: WorkloadHarness, name: string, ip: string, ready: boolean): Promise<void> {
  const podDef = h.def('', 'v1', 'pods');
  const p = await h.client.get(podDef, 'default', name);
  await setPodRunning(h, p ?? {}, ready);
  await h.client.update(podDef, 'default', name, (o) => {
    (o.status as JsonObject).podIP = ip;
    (o.status as JsonObject).podIPs = [{ ip }];
    return true;
  }, 'status');
}

test('Endpoints and EndpointSlices follow the ready and not-ready pods a Service selects, ports by name', async () => {
  const h = await harness();
  try {
    const podDef = h.def('', 'v1', 'pods');
    await h.client.create(h.def('', 'v1', 'services'), 'default', {
      apiVersion: 'v1', kind: 'Service', metadata: { name: 'web', namespace: 'default', labels: { tier: 'front' } },
      spec: { selector: { app: 'web' }, ports: [{ name: 'http', port: 80, targetPort: 'http' }] },
    });
    await h.settle();
    const sliceDef = h.def('discovery.platform.io', 'v1', 'endpointslices');
    let slices = await h.client.list(sliceDef, 'default');
    assert.equal(slices.length, 1);
    const [empty] = slices;
    assert.match(String(meta(empty).name), /^web-[a-z0-9]{5}$/);
    assert.deepEqual(meta(empty).labels, { tier: 'front', 'platform.io/service-name': 'web', 'endpointslice.platform.io/managed-by': 'endpointslice-controller.platform.io' });
    assert.equal(empty?.endpoints, null);
    assert.equal(empty?.addressType, 'IPv4');
    assert.equal(((meta(empty).ownerReferences as JsonObject[])[0] ?? {}).kind, 'Service');
    let ep = await h.client.get(h.def('', 'v1', 'endpoints'), 'default', 'web');
    assert.ok(ep);
    assert.equal(ep.subsets, undefined);

    await h.client.create(podDef, 'default', pod('a', { app: 'web' }));
    await h.client.create(podDef, 'default', pod('b', { app: 'web' }));
    await h.client.create(podDef, 'default', pod('other', { app: 'db' }));
    await withIp(h, 'a', '127.0.0.10', true);
    await withIp(h, 'b', '127.0.0.11', false);
    await withIp(h, 'other', '127.0.0.12', true);
    await h.settle();
    ep = await h.client.get(h.def('', 'v1', 'endpoints'), 'default', 'web');
    assert.deepEqual(ep?.subsets, [{
      addresses: [{ ip: '127.0.0.10', targetRef: { kind: 'Pod', namespace: 'default', name: 'a', uid: String(meta(await h.client.get(podDef, 'default', 'a')).uid) } }],
      notReadyAddresses: [{ ip: '127.0.0.11', targetRef: { kind: 'Pod', namespace: 'default', name: 'b', uid: String(meta(await h.client.get(podDef, 'default', 'b')).uid) } }],
      ports: [{ name: 'http', port: 8080, protocol: 'TCP' }],
    }]);
    slices = await h.client.list(sliceDef, 'default');
    assert.equal(slices.length, 1);
    const [slice] = slices;
    assert.equal(meta(slice).name, meta(empty).name);
    assert.deepEqual(slice?.ports, [{ name: 'http', port: 8080, protocol: 'TCP' }]);
    const eps = (slice?.endpoints ?? []) as JsonObject[];
    assert.deepEqual(eps.map((e) => [e.addresses, e.conditions]), [
      [['127.0.0.10'], { ready: true, serving: true, terminating: false }],
      [['127.0.0.11'], { ready: false, serving: false, terminating: false }],
    ]);

    await h.client.delete(h.def('', 'v1', 'services'), 'default', 'web');
    await h.settle();
    assert.equal(await h.client.get(h.def('', 'v1', 'endpoints'), 'default', 'web'), undefined);
  } finally {
    h.stop();
  }
});

test('a headless Service is labelled so; pods without the named port are listed without it', async () => {
  const h = await harness();
  try {
    await h.client.create(h.def('', 'v1', 'services'), 'default', {
      apiVersion: 'v1', kind: 'Service', metadata: { name: 'db', namespace: 'default' },
      spec: { clusterIP: 'None', selector: { app: 'db' }, ports: [{ name: 'sql', port: 5432, targetPort: 'sql' }] },
    });
    await h.client.create(h.def('', 'v1', 'pods'), 'default', pod('x', { app: 'db' }, []));
    await withIp(h, 'x', '127.0.0.20', true);
    await h.settle();
    const [slice] = await h.client.list(h.def('discovery.platform.io', 'v1', 'endpointslices'), 'default');
    assert.equal((meta(slice).labels as JsonObject)['service.platform.io/headless'], '');
    assert.equal(slice?.ports, null);
    assert.equal(((slice?.endpoints ?? []) as JsonObject[]).length, 1);
    const ep = await h.client.get(h.def('', 'v1', 'endpoints'), 'default', 'db');
    assert.equal((meta(ep).labels as JsonObject)['service.platform.io/headless'], '');
  } finally {
    h.stop();
  }
});
