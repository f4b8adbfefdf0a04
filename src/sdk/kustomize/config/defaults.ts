/**
 * The built-in transformer configuration: which fields of which kinds kustomize's name prefix and
 * suffix, namespace, labels, annotations, images, replicas and vars transformers touch, and which
 * fields refer to which kinds by name (the name-reference fix-up after renames). These are the
 * field lists kustomize v5.5 ships, with this API's group names.
 */
import { DOMAIN, GROUPS } from '../../naming.js';
import type { FieldSpec } from './fieldspec.js';
import type { NameBackReference, TransformerConfig } from './transformer-config.js';

function f(path: string, kind?: string, group?: string, version?: string, create?: boolean): FieldSpec {
  const out: FieldSpec = { path };
  if (kind !== undefined) out.kind = kind;
  if (group !== undefined) out.group = group;
  if (version !== undefined) out.version = version;
  if (create === true) out.create = true;
  return out;
}

const { apps: APPS, batch: BATCH, policy: POLICY, networking: NETWORKING, rbac: RBAC, apiregistration: APIREG, apiextensions: APIEXT } = GROUPS;
const ADMISSION = GROUPS.admissionregistration;

const METADATA_LABELS: FieldSpec[] = [
  f('metadata/labels', undefined, undefined, undefined, true),
  f('spec/template/metadata/labels', 'ReplicationController', undefined, 'v1', true),
  f('spec/template/metadata/labels', 'Deployment', undefined, undefined, true),
  f('spec/template/metadata/labels', 'ReplicaSet', undefined, undefined, true),
  f('spec/template/metadata/labels', 'DaemonSet', undefined, undefined, true),
  f('spec/template/metadata/labels', 'StatefulSet', APPS, undefined, true),
  f('spec/volumeClaimTemplates[]/metadata/labels', 'StatefulSet', APPS, undefined, true),
  f('spec/template/metadata/labels', 'Job', BATCH, undefined, true),
  f('spec/jobTemplate/metadata/labels', 'CronJob', BATCH, undefined, true),
  f('spec/jobTemplate/spec/template/metadata/labels', 'CronJob', BATCH, undefined, true),
];

const AFFINITY = [
  'spec/template/spec/affinity/podAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/preferredDuringSchedulingIgnoredDuringExecution/podAffinityTerm/labelSelector/matchLabels',
  'spec/template/spec/affinity/podAntiAffinity/requiredDuringSchedulingIgnoredDuringExecution/labelSelector/matchLabels',
  'spec/template/spec/topologySpreadConstraints/labelSelector/matchLabels',
];

const COMMON_LABELS: FieldSpec[] = [
  f('spec/selector', 'Service', undefined, 'v1', true),
  f('spec/selector', 'ReplicationController', undefined, 'v1', true),
  f('spec/selector/matchLabels', 'Deployment', undefined, undefined, true),
  ...AFFINITY.map((p) => f(p, 'Deployment', APPS)),
  f('spec/selector/matchLabels', 'ReplicaSet', undefined, undefined, true),
  f('spec/selector/matchLabels', 'DaemonSet', undefined, undefined, true),
  f('spec/selector/matchLabels', 'StatefulSet', APPS, undefined, true),
  ...AFFINITY.map((p) => f(p, 'StatefulSet', APPS)),
  f('spec/selector/matchLabels', 'Job', BATCH),
  f('spec/jobTemplate/spec/selector/matchLabels', 'CronJob', BATCH),
  f('spec/selector/matchLabels', 'PodDisruptionBudget', POLICY),
  f('spec/podSelector/matchLabels', 'NetworkPolicy', NETWORKING),
  f('spec/ingress/from/podSelector/matchLabels', 'NetworkPolicy', NETWORKING),
  f('spec/egress/to/podSelector/matchLabels', 'NetworkPolicy', NETWORKING),
  ...METADATA_LABELS,
];

const COMMON_ANNOTATIONS: FieldSpec[] = [
  f('metadata/annotations', undefined, undefined, undefined, true),
  f('spec/template/metadata/annotations', 'ReplicationController', undefined, 'v1', true),
  f('spec/template/metadata/annotations', 'Deployment', undefined, undefined, true),
  f('spec/template/metadata/annotations', 'ReplicaSet', undefined, undefined, true),
  f('spec/template/metadata/annotations', 'DaemonSet', undefined, undefined, true),
  f('spec/template/metadata/annotations', 'StatefulSet', undefined, undefined, true),
  f('spec/template/metadata/annotations', 'Job', BATCH, undefined, true),
  f('spec/jobTemplate/metadata/annotations', 'CronJob', BATCH, undefined, true),
  f('spec/jobTemplate/spec/template/metadata/annotations', 'CronJob', BATCH, undefined, true),
];

const NAMESPACE: FieldSpec[] = [
  f('metadata/name', 'Namespace', undefined, undefined, true),
  f('spec/service/namespace', 'APIService', APIREG, undefined, true),
  f('spec/conversion/webhook/clientConfig/service/namespace', 'CustomResourceDefinition', APIEXT),
];

const IMAGES: FieldSpec[] = [
  f('spec/containers[]/image', undefined, undefined, undefined, true),
  f('spec/initContainers[]/image', undefined, undefined, undefined, true),
  f('spec/template/spec/containers[]/image', undefined, undefined, undefined, true),
  f('spec/template/spec/initContainers[]/image', undefined, undefined, undefined, true),
];

const REPLICAS: FieldSpec[] = ['Deployment', 'ReplicationController', 'ReplicaSet', 'StatefulSet'].map((kind) => f('spec/replicas', kind, undefined, undefined, true));

/** Where each workload kind keeps its pod spec. */
const POD_SPEC_AT: ReadonlyArray<readonly [kind: string, prefix: string, version?: string]> = [
  ['Pod', 'spec', 'v1'],
  ['PodTemplate', 'template/spec'],
  ['Deployment', 'spec/template/spec'],
  ['ReplicaSet', 'spec/template/spec'],
  ['DaemonSet', 'spec/template/spec'],
  ['StatefulSet', 'spec/template/spec'],
  ['Job', 'spec/template/spec'],
  ['CronJob', 'spec/jobTemplate/spec/template/spec'],
];

function inPodSpecs(paths: readonly string[]): FieldSpec[] {
  return POD_SPEC_AT.flatMap(([kind, prefix, version]) => paths.map((p) => f(`${prefix}/${p}`, kind, undefined, version)));
}

/** Kinds with a pod template under `spec/template/spec` (and CronJob's), for the references every pod makes. */
function inWorkloads(path: string, kinds: readonly string[], withPod: boolean): FieldSpec[] {
  const out: FieldSpec[] = withPod ? [f(`spec/${path}`, 'Pod')] : [];
  for (const kind of kinds) out.push(f(kind === 'CronJob' ? `spec/jobTemplate/spec/template/spec/${path}` : `spec/template/spec/${path}`, kind));
  return out;
}

const WORKLOADS = ['StatefulSet', 'Deployment', 'ReplicationController', 'CronJob', 'Job', 'DaemonSet'];

function ref(kind: string, referrers: FieldSpec[], group?: string, version?: string): NameBackReference {
  return { group: group ?? '', version: version ?? '', kind, referrers };
}

const NAME_REFERENCE: NameBackReference[] = [
  ...['Deployment', 'ReplicationController', 'ReplicaSet', 'StatefulSet'].map((kind) => ref(kind, [f('spec/scaleTargetRef/name', 'HorizontalPodAutoscaler')])),
  ref('ConfigMap', [
    ...inPodSpecs([
      'volumes/configMap/name', 'containers/env/valueFrom/configMapKeyRef/name', 'initContainers/env/valueFrom/configMapKeyRef/name',
      'containers/envFrom/configMapRef/name', 'initContainers/envFrom/configMapRef/name', 'volumes/projected/sources/configMap/name',
    ]),
    f('spec/configSource/configMap', 'Node'),
    f('rules/resourceNames', 'Role'),
    f('rules/resourceNames', 'ClusterRole'),
    f(`metadata/annotations/nginx.ingress.${DOMAIN}\\/fastcgi-params-configmap`, 'Ingress'),
  ], undefined, 'v1'),
  ref('Secret', [
    ...inPodSpecs([
      'volumes/secret/secretName', 'containers/env/valueFrom/secretKeyRef/name', 'initContainers/env/valueFrom/secretKeyRef/name',
      'containers/envFrom/secretRef/name', 'initContainers/envFrom/secretRef/name', 'imagePullSecrets/name', 'volumes/projected/sources/secret/name',
    ]),
    f('spec/tls/secretName', 'Ingress'),
    f(`metadata/annotations/ingress.${DOMAIN}\\/auth-secret`, 'Ingress'),
    f(`metadata/annotations/nginx.ingress.${DOMAIN}\\/auth-secret`, 'Ingress'),
    f(`metadata/annotations/nginx.ingress.${DOMAIN}\\/auth-tls-secret`, 'Ingress'),
    f('spec/tls/secretName', 'Ingress'),
    f('imagePullSecrets/name', 'ServiceAccount'),
    f('parameters/secretName', 'StorageClass'),
    f('parameters/adminSecretName', 'StorageClass'),
    f('parameters/userSecretName', 'StorageClass'),
    f('parameters/secretRef', 'StorageClass'),
    f('rules/resourceNames', 'Role'),
    f('rules/resourceNames', 'ClusterRole'),
    f('spec/template/spec/containers/env/valueFrom/secretKeyRef/name', 'Service', 'serving.knative.dev', 'v1'),
    f('spec/azureFile/secretName', 'PersistentVolume'),
  ], undefined, 'v1'),
  ref('Service', [
    f('spec/serviceName', 'StatefulSet', APPS),
    f('spec/rules/http/paths/backend/serviceName', 'Ingress'),
    f('spec/backend/serviceName', 'Ingress'),
    f('spec/rules/http/paths/backend/service/name', 'Ingress'),
    f('spec/defaultBackend/service/name', 'Ingress'),
    f('spec/service/name', 'APIService', APIREG),
    f('webhooks/clientConfig/service', 'ValidatingWebhookConfiguration', ADMISSION),
    f('webhooks/clientConfig/service', 'MutatingWebhookConfiguration', ADMISSION),
  ], undefined, 'v1'),
  ref('Role', [f('roleRef/name', 'RoleBinding', RBAC)], RBAC),
  ref('ClusterRole', [f('roleRef/name', 'RoleBinding', RBAC), f('roleRef/name', 'ClusterRoleBinding', RBAC)], RBAC),
  ref('ServiceAccount', [f('subjects', 'RoleBinding', RBAC), f('subjects', 'ClusterRoleBinding', RBAC), ...inWorkloads('serviceAccountName', WORKLOADS, true)], undefined, 'v1'),
  ref('PersistentVolumeClaim', inWorkloads('volumes/persistentVolumeClaim/claimName', WORKLOADS, true), undefined, 'v1'),
  ref('PersistentVolume', [f('spec/volumeName', 'PersistentVolumeClaim'), f('rules/resourceNames', 'ClusterRole')], undefined, 'v1'),
  ref('StorageClass', [
    f('spec/storageClassName', 'PersistentVolume'),
    f('spec/storageClassName', 'PersistentVolumeClaim'),
    f('spec/volumeClaimTemplates/spec/storageClassName', 'StatefulSet'),
  ], GROUPS.storage, 'v1'),
  ref('PriorityClass', inWorkloads('priorityClassName', WORKLOADS, true), GROUPS.scheduling, 'v1'),
  // kustomize's own entry names the group with its version, so it never matches; kept as it is.
  ref('IngressClass', [f('spec/ingressClassName', 'Ingress')], `${NETWORKING}/v1`, 'v1'),
  ref('ValidatingAdmissionPolicy', [f('spec/policyName', 'ValidatingAdmissionPolicyBinding', ADMISSION)], ADMISSION),
];

const CONTAINER_VAR_FIELDS = ['args', 'command', 'env/value', 'volumeMounts/mountPath'];

function varFields(kind: string, podSpec: string, volumes: string): FieldSpec[] {
  return [
    ...['containers', 'initContainers'].flatMap((c) => CONTAINER_VAR_FIELDS.map((p) => f(`${podSpec}/${c}/${p}`, kind))),
    f(volumes, kind),
  ];
}

const VAR_REFERENCE: FieldSpec[] = [
  ...varFields('CronJob', 'spec/jobTemplate/spec/template/spec', 'spec/jobTemplate/spec/template/volumes/nfs/server'),
  ...varFields('DaemonSet', 'spec/template/spec', 'spec/template/spec/volumes/nfs/server'),
  ...varFields('Deployment', 'spec/template/spec', 'spec/template/spec/volumes/nfs/server'),
  f('spec/template/metadata/annotations', 'Deployment'),
  f('spec/rules/host', 'Ingress'),
  f('spec/tls/hosts', 'Ingress'),
  f('spec/tls/secretName', 'Ingress'),
  ...varFields('Job', 'spec/template/spec', 'spec/template/spec/volumes/nfs/server'),
  ...varFields('Pod', 'spec', 'spec/volumes/nfs/server'),
  ...varFields('ReplicaSet', 'spec/template/spec', 'spec/template/spec/volumes/nfs/server'),
  f('spec/ports/port', 'Service'),
  f('spec/ports/targetPort', 'Service'),
  ...varFields('StatefulSet', 'spec/template/spec', 'spec/volumeClaimTemplates/spec/nfs/server'),
  f('spec/nfs/server', 'PersistentVolume'),
  f('metadata/labels'),
  f('metadata/annotations'),
];

/** A fresh copy of the built-in configuration (fields sorted by kind as kustomize sorts them). */
export function defaultTransformerConfig(): TransformerConfig {
  return {
    namePrefix: [f('metadata/name')],
    nameSuffix: [f('metadata/name')],
    namespace: [...NAMESPACE],
    commonLabels: [...COMMON_LABELS],
    labels: [],
    templateLabels: [...METADATA_LABELS],
    commonAnnotations: [...COMMON_ANNOTATIONS],
    nameReference: NAME_REFERENCE.map((r) => ({ ...r, referrers: [...r.referrers] })),
    varReference: [...VAR_REFERENCE],
    images: [...IMAGES],
    replicas: [...REPLICAS],
  };
}
