/**
 * One valid object per built-in kind, with the path it lives at: the CRUD tests create, read,
 * update, patch and delete each of them.
 */
import { VALID_CSR_PEM } from './certificates/fixtures.js';

/** A kind under test. */
export interface KindFixture {
  kind: string;
  /** Collection path (namespaced kinds in namespace `ns`). */
  collection: (ns: string) => string;
  object: (name: string, ns: string) => Record<string, unknown>;
  /** A merge patch that changes something harmless. */
  patch: Record<string, unknown>;
  /** Kinds that stay after DELETE until a controller finalizes them. */
  finalizes?: boolean;
}

const podSpec = { containers: [{ name: 'app', image: 'nginx:1.25' }] };
const template = (labels: Record<string, string>) => ({ metadata: { labels }, spec: podSpec });
const csrRequest = VALID_CSR_PEM;

export const KIND_FIXTURES: KindFixture[] = [
  { kind: 'ConfigMap', collection: (ns) => `/api/v1/namespaces/${ns}/configmaps`, object: (name) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data: { a: '1' } }), patch: { data: { b: '2' } } },
  { kind: 'Secret', collection: (ns) => `/api/v1/namespaces/${ns}/secrets`, object: (name) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData: { password: 's3cr3t' } }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'ServiceAccount', collection: (ns) => `/api/v1/namespaces/${ns}/serviceaccounts`, object: (name) => ({ apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name } }), patch: { automountServiceAccountToken: false } },
  { kind: 'Service', collection: (ns) => `/api/v1/namespaces/${ns}/services`, object: (name) => ({ apiVersion: 'v1', kind: 'Service', metadata: { name }, spec: { selector: { app: name }, ports: [{ port: 80 }] } }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'Endpoints', collection: (ns) => `/api/v1/namespaces/${ns}/endpoints`, object: (name) => ({ apiVersion: 'v1', kind: 'Endpoints', metadata: { name }, subsets: [{ addresses: [{ ip: '10.0.0.1' }], ports: [{ port: 80 }] }] }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'Event', collection: (ns) => `/api/v1/namespaces/${ns}/events`, object: (name, ns) => ({ apiVersion: 'v1', kind: 'Event', metadata: { name }, involvedObject: { kind: 'Pod', name: 'p', namespace: ns }, reason: 'Started', message: 'started', type: 'Normal' }), patch: { message: 'changed' } },
  { kind: 'Pod', collection: (ns) => `/api/v1/namespaces/${ns}/pods`, object: (name) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name }, spec: podSpec }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'Node', collection: () => '/api/v1/nodes', object: (name) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'PersistentVolume', collection: () => '/api/v1/persistentvolumes', object: (name) => ({ apiVersion: 'v1', kind: 'PersistentVolume', metadata: { name }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp/x' } } }), patch: { metadata: { labels: { x: 'y' } } }, finalizes: true },
  { kind: 'PersistentVolumeClaim', collection: (ns) => `/api/v1/namespaces/${ns}/persistentvolumeclaims`, object: (name) => ({ apiVersion: 'v1', kind: 'PersistentVolumeClaim', metadata: { name }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } }), patch: { metadata: { labels: { x: 'y' } } }, finalizes: true },
  { kind: 'Deployment', collection: (ns) => `/apis/apps/v1/namespaces/${ns}/deployments`, object: (name) => ({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name }, spec: { selector: { matchLabels: { app: name } }, template: template({ app: name }) } }), patch: { spec: { replicas: 3 } } },
  { kind: 'ReplicaSet', collection: (ns) => `/apis/apps/v1/namespaces/${ns}/replicasets`, object: (name) => ({ apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name }, spec: { selector: { matchLabels: { app: name } }, template: template({ app: name }) } }), patch: { spec: { replicas: 2 } } },
  { kind: 'StatefulSet', collection: (ns) => `/apis/apps/v1/namespaces/${ns}/statefulsets`, object: (name) => ({ apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name }, spec: { serviceName: name, selector: { matchLabels: { app: name } }, template: template({ app: name }) } }), patch: { spec: { replicas: 2 } } },
  { kind: 'DaemonSet', collection: (ns) => `/apis/apps/v1/namespaces/${ns}/daemonsets`, object: (name) => ({ apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name }, spec: { selector: { matchLabels: { app: name } }, template: template({ app: name }) } }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'Job', collection: (ns) => `/apis/batch/v1/namespaces/${ns}/jobs`, object: (name) => ({ apiVersion: 'batch/v1', kind: 'Job', metadata: { name }, spec: { template: { spec: { ...podSpec, restartPolicy: 'Never' } } } }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'CronJob', collection: (ns) => `/apis/batch/v1/namespaces/${ns}/cronjobs`, object: (name) => ({ apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name }, spec: { schedule: '*/5 * * * *', jobTemplate: { spec: { template: { spec: { ...podSpec, restartPolicy: 'OnFailure' } } } } } }), patch: { spec: { suspend: true } } },
  { kind: 'Lease', collection: (ns) => `/apis/coordination.platform.io/v1/namespaces/${ns}/leases`, object: (name) => ({ apiVersion: 'coordination.platform.io/v1', kind: 'Lease', metadata: { name }, spec: { holderIdentity: 'me' } }), patch: { spec: { holderIdentity: 'you' } } },
  { kind: 'Role', collection: (ns) => `/apis/rbac.authorization.platform.io/v1/namespaces/${ns}/roles`, object: (name) => ({ apiVersion: 'rbac.authorization.platform.io/v1', kind: 'Role', metadata: { name }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'ClusterRole', collection: () => '/apis/rbac.authorization.platform.io/v1/clusterroles', object: (name) => ({ apiVersion: 'rbac.authorization.platform.io/v1', kind: 'ClusterRole', metadata: { name }, rules: [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }] }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'RoleBinding', collection: (ns) => `/apis/rbac.authorization.platform.io/v1/namespaces/${ns}/rolebindings`, object: (name) => ({ apiVersion: 'rbac.authorization.platform.io/v1', kind: 'RoleBinding', metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'Role', name: 'r' }, subjects: [{ kind: 'User', name: 'alice' }] }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'ClusterRoleBinding', collection: () => '/apis/rbac.authorization.platform.io/v1/clusterrolebindings', object: (name) => ({ apiVersion: 'rbac.authorization.platform.io/v1', kind: 'ClusterRoleBinding', metadata: { name }, roleRef: { apiGroup: 'rbac.authorization.platform.io', kind: 'ClusterRole', name: 'r' }, subjects: [{ kind: 'Group', name: 'devs' }] }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'CertificateSigningRequest', collection: () => '/apis/certificates.platform.io/v1/certificatesigningrequests', object: (name) => ({ apiVersion: 'certificates.platform.io/v1', kind: 'CertificateSigningRequest', metadata: { name }, spec: { request: Buffer.from(csrRequest).toString('base64'), signerName: 'platform.io/apiserver-client', usages: ['client auth'] } }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'MutatingWebhookConfiguration', collection: () => '/apis/admissionregistration.platform.io/v1/mutatingwebhookconfigurations', object: (name) => ({ apiVersion: 'admissionregistration.platform.io/v1', kind: 'MutatingWebhookConfiguration', metadata: { name }, webhooks: [{ name: 'a.example.com', sideEffects: 'None', admissionReviewVersions: ['v1'], clientConfig: { url: 'https://example.com/hook' } }] }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'ValidatingWebhookConfiguration', collection: () => '/apis/admissionregistration.platform.io/v1/validatingwebhookconfigurations', object: (name) => ({ apiVersion: 'admissionregistration.platform.io/v1', kind: 'ValidatingWebhookConfiguration', metadata: { name }, webhooks: [{ name: 'a.example.com', sideEffects: 'None', admissionReviewVersions: ['v1'], clientConfig: { url: 'https://example.com/hook' } }] }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'ReplicationController', collection: (ns) => `/api/v1/namespaces/${ns}/replicationcontrollers`, object: (name) => ({ apiVersion: 'v1', kind: 'ReplicationController', metadata: { name }, spec: { replicas: 0, template: template({ app: name }) } }), patch: { spec: { replicas: 2 } } },
  { kind: 'PodTemplate', collection: (ns) => `/api/v1/namespaces/${ns}/podtemplates`, object: (name) => ({ apiVersion: 'v1', kind: 'PodTemplate', metadata: { name }, template: template({ app: name }) }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'StorageClass', collection: () => '/apis/storage.platform.io/v1/storageclasses', object: (name) => ({ apiVersion: 'storage.platform.io/v1', kind: 'StorageClass', metadata: { name }, provisioner: 'example.com/fake', parameters: { type: 'ssd' } }), patch: { allowVolumeExpansion: true } },
  { kind: 'VolumeAttachment', collection: () => '/apis/storage.platform.io/v1/volumeattachments', object: (name) => ({ apiVersion: 'storage.platform.io/v1', kind: 'VolumeAttachment', metadata: { name }, spec: { attacher: 'csi.example.com', source: { persistentVolumeName: 'pv1' }, nodeName: 'node1' } }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'CSIDriver', collection: () => '/apis/storage.platform.io/v1/csidrivers', object: (name) => ({ apiVersion: 'storage.platform.io/v1', kind: 'CSIDriver', metadata: { name }, spec: {} }), patch: { spec: { podInfoOnMount: true } } },
  { kind: 'CSINode', collection: () => '/apis/storage.platform.io/v1/csinodes', object: (name) => ({ apiVersion: 'storage.platform.io/v1', kind: 'CSINode', metadata: { name }, spec: { drivers: [{ name: 'csi.example.com', nodeID: 'n1', topologyKeys: ['zone'] }] } }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'CSIStorageCapacity', collection: (ns) => `/apis/storage.platform.io/v1/namespaces/${ns}/csistoragecapacities`, object: (name) => ({ apiVersion: 'storage.platform.io/v1', kind: 'CSIStorageCapacity', metadata: { name }, storageClassName: 'fast', capacity: '10Gi' }), patch: { capacity: '20Gi' } },
  { kind: 'Ingress', collection: (ns) => `/apis/networking.platform.io/v1/namespaces/${ns}/ingresses`, object: (name) => ({ apiVersion: 'networking.platform.io/v1', kind: 'Ingress', metadata: { name }, spec: { rules: [{ host: 'foo.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'web', port: { number: 80 } } } }] } }] } }), patch: { spec: { ingressClassName: 'nginx' } } },
  { kind: 'IngressClass', collection: () => '/apis/networking.platform.io/v1/ingressclasses', object: (name) => ({ apiVersion: 'networking.platform.io/v1', kind: 'IngressClass', metadata: { name }, spec: { controller: 'example.com/ingress-controller' } }), patch: { metadata: { labels: { x: 'y' } } } },
  { kind: 'NetworkPolicy', collection: (ns) => `/apis/networking.platform.io/v1/namespaces/${ns}/networkpolicies`, object: (name) => ({ apiVersion: 'networking.platform.io/v1', kind: 'NetworkPolicy', metadata: { name }, spec: { podSelector: { matchLabels: { app: name } }, ingress: [{ ports: [{ port: 80 }] }] } }), patch: { spec: { policyTypes: ['Ingress', 'Egress'] } } },
  { kind: 'Namespace', collection: () => '/api/v1/namespaces', object: (name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }), patch: { metadata: { labels: { x: 'y' } } }, finalizes: true },
];
