/**
 * A HorizontalPodAutoscaler written as autoscaling/v1 keeps what v1 cannot say in annotations; the
 * server turns them into the stored v2 fields as the API server's conversion unmarshals them into
 * their Go types: unknown fields dropped, and an annotation whose JSON does not fit the type
 * ignored, so that a stored object always has the types of its schema.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ANNOTATIONS } from '../../../src/sdk/naming.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { ApiClient, at } from '../../support/api.js';

const V1 = '/apis/autoscaling/v1/namespaces/default/horizontalpodautoscalers';
const V2 = '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers';
const CPU_80 = { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } };

function v1Hpa(name: string, annotations: Record<string, string>, spec: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    apiVersion: 'autoscaling/v1', kind: 'HorizontalPodAutoscaler', metadata: { name, annotations },
    spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 3, ...spec },
  };
}

describe('HorizontalPodAutoscaler v1 annotations', () => {
  let server: TestServer;
  let api: ApiClient;
  before(async () => {
    server = await startTestServer();
    api = new ApiClient(server);
  });
  after(async () => {
    api.close();
    await server.stop();
  });

  test('metrics and behavior that fit their types become v2 fields; unknown fields are dropped', async () => {
    const pods = { type: 'Pods', pods: { metric: { name: 'qps' }, target: { type: 'AverageValue', averageValue: '10' } } };
    const created = await api.post(V1, v1Hpa('fits', {
      [ANNOTATIONS.hpaMetrics]: JSON.stringify([{ ...pods, bogus: 1 }]),
      [ANNOTATIONS.hpaBehavior]: JSON.stringify({ scaleDown: { stabilizationWindowSeconds: 60, extra: true } }),
    }, { targetCPUUtilizationPercentage: 50 }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const v2 = await api.get(`${V2}/fits`);
    assert.deepEqual(at(v2.body, 'spec.metrics'), [{ ...CPU_80, resource: { ...CPU_80.resource, target: { type: 'Utilization', averageUtilization: 50 } } }, pods]);
    assert.equal(at(v2.body, 'spec.behavior.scaleDown.stabilizationWindowSeconds'), 60);
    assert.equal(at(v2.body, 'spec.behavior.scaleDown.extra'), undefined);
    assert.equal(at(v2.body, 'metadata.annotations'), undefined, 'the annotations are the v1 form only');
  });

  test('the v2 defaults fill in the behavior rules, in v2 and from a v1 annotation alike', async () => {
    const scaleDown = { stabilizationWindowSeconds: 60 };
    const filled = {
      scaleDown: { stabilizationWindowSeconds: 60, selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] },
      scaleUp: {
        stabilizationWindowSeconds: 0, selectPolicy: 'Max',
        policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }],
      },
    };
    const v2 = await api.post(V2, {
      apiVersion: 'autoscaling/v2', kind: 'HorizontalPodAutoscaler', metadata: { name: 'defaults-v2' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' }, maxReplicas: 3, metrics: null, behavior: { scaleDown } },
    });
    assert.equal(v2.status, 201, JSON.stringify(v2.body));
    assert.equal(JSON.stringify(at(v2.body, 'spec.behavior')), JSON.stringify(filled), 'the rules, keys in this order');
    assert.deepEqual(at(v2.body, 'spec.metrics'), [CPU_80]);
    assert.equal(at(v2.body, 'spec.minReplicas'), 1);
    const v1 = await api.post(V1, v1Hpa('defaults-v1', { [ANNOTATIONS.hpaBehavior]: JSON.stringify({ scaleDown }) }));
    assert.equal(v1.status, 201, JSON.stringify(v1.body));
    assert.equal(JSON.stringify(at((await api.get(`${V2}/defaults-v1`)).body, 'spec.behavior')), JSON.stringify(filled));
  });

  test('an annotation whose JSON does not fit its type is ignored, as the API server ignores it', async () => {
    const created = await api.post(V1, v1Hpa('misfit', {
      [ANNOTATIONS.hpaMetrics]: JSON.stringify([{ type: 'Resource', resource: { name: 5, target: 'x' } }, { type: 7 }]),
      [ANNOTATIONS.hpaBehavior]: JSON.stringify({ scaleUp: { stabilizationWindowSeconds: 'soon' } }),
    }));
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const v2 = await api.get(`${V2}/misfit`);
    assert.deepEqual(at(v2.body, 'spec.metrics'), [CPU_80], 'the default CPU target, as for no metrics');
    assert.equal(at(v2.body, 'spec.behavior'), undefined);
    const notJson = await api.post(V1, v1Hpa('not-json', { [ANNOTATIONS.hpaMetrics]: '[{"type":' }));
    assert.equal(notJson.status, 201);
    assert.deepEqual(at((await api.get(`${V2}/not-json`)).body, 'spec.metrics'), [CPU_80]);
  });
});
