import type { KubeObject } from '../../../../src/sdk/types/meta.js';
import { describeObject } from '../../../../src/printers/describe/describe.js';
import type { DescribeRelated } from '../../../../src/printers/describe/describe.js';
import type { CertificateRequestDetails } from '../../../../src/printers/describe/csr.js';
import type { EventLike } from '../../../../src/printers/describe/events.js';
import type { FakeApiState } from './fake-api-server.js';
import { jsonFixture } from './paths.js';
import { shiftTimestamps } from './time-shift.js';

/** A `describe` invocation: what the server holds and what we are given. */
export interface DescribeScenario {
  name: string;
  args: string[];
  state: (shift: number) => FakeApiState;
  ours: (shift: number) => { object: KubeObject; related: DescribeRelated };
}

function load<T>(name: string, shift: number): T {
  return shiftTimestamps(jsonFixture<T>(`describe/${name}.json`), shift);
}

function events(name: string, shift: number, keep: (e: EventLike) => boolean): EventLike[] {
  return load<{ items: EventLike[] }>(name, shift).items.filter(keep);
}

const byUid = (uid: string) => (e: EventLike): boolean => e.involvedObject?.uid === uid;

export const describeScenarios: DescribeScenario[] = [
  {
    name: 'pod',
    args: ['pod', 'web-7d4b9c8f6-x2x9z'],
    state: (shift) => ({
      objects: { '/api/v1/namespaces/default/pods/web-7d4b9c8f6-x2x9z': load('pod', shift) },
      lists: { '/api/v1/namespaces/default/events': { json: [load('pod-events', shift)] } },
    }),
    ours: (shift) => ({ object: load('pod', shift), related: { events: events('pod-events', shift, byUid('pod-uid')) } }),
  },
  {
    name: 'node',
    args: ['node', 'worker-1'],
    state: (shift) => ({
      objects: {
        '/api/v1/nodes/worker-1': load('node', shift),
        '/apis/coordination.platform.io/v1/namespaces/platform-node-lease/leases/worker-1': load('lease', shift),
      },
      lists: {
        '/api/v1/pods': { json: [load('node-pods', shift)] },
        '/api/v1/events': { json: [load('node-events', shift)] },
      },
    }),
    ours: (shift) => ({
      object: load('node', shift),
      related: {
        nodePods: load<{ items: KubeObject[] }>('node-pods', shift).items,
        lease: load('lease', shift),
        // kubectl asks twice: events about the node's UID, then about its name as UID.
        events: [...events('node-events', shift, byUid('node-uid')), ...events('node-events', shift, byUid('worker-1'))],
      },
    }),
  },
  {
    name: 'deployment',
    args: ['deployment', 'web'],
    state: (shift) => ({
      objects: { '/apis/apps/v1/namespaces/default/deployments/web': load('deployment', shift) },
      lists: {
        '/apis/apps/v1/namespaces/default/replicasets': { json: [load('replicasets', shift)] },
        '/api/v1/namespaces/default/events': { json: [load('deployment-events', shift)] },
      },
    }),
    ours: (shift) => {
      const rs = load<{ items: KubeObject[] }>('replicasets', shift).items;
      return {
        object: load('deployment', shift),
        related: { replicaSets: { new: rs.slice(0, 1), old: rs.slice(1) }, events: events('deployment-events', shift, byUid('deploy-uid')) },
      };
    },
  },
  {
    name: 'service',
    args: ['service', 'web'],
    state: (shift) => ({
      objects: {
        '/api/v1/namespaces/default/services/web': load('service', shift),
        '/api/v1/namespaces/default/endpoints/web': load('endpoints', shift),
      },
      lists: {
        '/apis/discovery.platform.io/v1/namespaces/default/endpointslices': { json: [load('endpointslices', shift)] },
        '/api/v1/namespaces/default/events': { json: [{ apiVersion: 'v1', kind: 'EventList', metadata: {}, items: [] }] },
      },
    }),
    ours: (shift) => ({ object: load('service', shift), related: { endpointSlices: load<{ items: KubeObject[] }>('endpointslices', shift).items, events: [] } }),
  },
  {
    name: 'csr',
    args: ['certificatesigningrequest', 'csr-worker-1'],
    state: (shift) => ({
      objects: { '/apis/certificates.platform.io/v1/certificatesigningrequests/csr-worker-1': load('csr', shift) },
      lists: { '/api/v1/events': { json: [load('csr-events', shift)] } },
    }),
    ours: (shift) => ({
      object: load('csr', shift),
      related: { certificateRequest: load<CertificateRequestDetails>('csr-details', shift), events: [] },
    }),
  },
  {
    name: 'namespace',
    args: ['namespace', 'team-a'],
    state: (shift) => ({
      objects: { '/api/v1/namespaces/team-a': load('namespace', shift) },
      lists: {
        '/api/v1/namespaces/team-a/resourcequotas': { json: [load('resourcequotas', shift)] },
        '/api/v1/namespaces/team-a/limitranges': { json: [load('limitranges', shift)] },
      },
    }),
    ours: (shift) => ({
      object: load('namespace', shift),
      related: {
        resourceQuotas: load<{ items: KubeObject[] }>('resourcequotas', shift).items,
        limitRanges: load<{ items: KubeObject[] }>('limitranges', shift).items,
      },
    }),
  },
  {
    name: 'storageclass',
    args: ['storageclass', 'standard'],
    state: (shift) => ({
      objects: { '/apis/storage.platform.io/v1/storageclasses/standard': load('storageclass', shift) },
      lists: { '/api/v1/events': { json: [load('storageclass-events', shift)] } },
    }),
    ours: (shift) => ({ object: load('storageclass', shift), related: { events: events('storageclass-events', shift, byUid('sc-uid')) } }),
  },
  {
    name: 'ingressclass',
    args: ['ingressclass', 'nginx'],
    state: (shift) => ({ objects: { '/apis/networking.platform.io/v1/ingressclasses/nginx': load('ingressclass', shift) } }),
    ours: (shift) => ({ object: load('ingressclass', shift), related: { events: [] } }),
  },
  {
    name: 'ingress',
    args: ['ingress', 'web'],
    state: (shift) => ({
      objects: {
        '/apis/networking.platform.io/v1/namespaces/default/ingresses/web': load('ingress', shift),
        '/api/v1/namespaces/default/services/web': load('ingress-services', shift),
      },
      lists: {
        '/apis/discovery.platform.io/v1/namespaces/default/endpointslices': { json: [load('endpointslices', shift)] },
        '/api/v1/namespaces/default/events': { json: [load('ingress-events', shift)] },
      },
    }),
    ours: (shift) => {
      const slices = load<{ items: KubeObject[] }>('endpointslices', shift).items;
      return {
        object: load('ingress', shift),
        related: {
          // The fake server answers every list with the same slices and has no Service `api`.
          ingressServices: new Map([
            ['web', { endpointSlices: slices, service: load<KubeObject>('ingress-services', shift) }],
            ['api', { endpointSlices: slices, service: { error: '/api/v1/namespaces/default/services/api not found' } }],
          ]),
          events: events('ingress-events', shift, byUid('ing-uid')),
        },
      };
    },
  },
  {
    name: 'endpointslice',
    args: ['endpointslice', 'web-x9k2l'],
    state: (shift) => ({ objects: { '/apis/discovery.platform.io/v1/namespaces/default/endpointslices/web-x9k2l': load('endpointslice', shift) } }),
    ours: (shift) => ({ object: load('endpointslice', shift), related: { events: [] } }),
  },
  {
    name: 'endpointslice-empty',
    args: ['endpointslice', 'headless-abcde'],
    state: (shift) => ({ objects: { '/apis/discovery.platform.io/v1/namespaces/default/endpointslices/headless-abcde': load('endpointslice-empty', shift) } }),
    ours: (shift) => ({ object: load('endpointslice-empty', shift), related: { events: [] } }),
  },
  {
    name: 'hpa',
    args: ['hpa', 'web'],
    state: (shift) => ({
      objects: { '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers/web': load('hpa', shift) },
      lists: { '/api/v1/namespaces/default/events': { json: [load('hpa-events', shift)] } },
    }),
    ours: (shift) => ({ object: load('hpa', shift), related: { events: events('hpa-events', shift, byUid('hpa-uid')) } }),
  },
  {
    name: 'generic',
    args: ['widgets', 'w1'],
    state: (shift) => ({
      objects: { '/apis/example.com/v1/namespaces/default/widgets/w1': load('widget', shift) },
      lists: { '/api/v1/namespaces/default/events': { json: [load('widget-events', shift)] } },
    }),
    ours: (shift) => ({ object: load('widget', shift), related: { events: events('widget-events', shift, byUid('w-uid')) } }),
  },
];

/** Our describe output for a scenario. */
export function ourDescribe(s: DescribeScenario, shift: number, now: Date): string {
  const { object, related } = s.ours(shift);
  return describeObject(object, related, { now });
}
