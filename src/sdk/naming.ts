/**
 * Every product-specific identifier of platformctl, in one place (the names the product uses where Kubernetes says k8s.io).
 *
 * Other modules import these constants instead of spelling the strings, so that a rename is a
 * one-file change and so that the SDK, CLI and local server can never disagree.
 *
 * @packageDocumentation
 */

/** Name of the command-line binary. */
export const BINARY_NAME = 'platformctl';

/** The domain that stands where Kubernetes says `k8s.io` / `kubernetes.io`. */
export const DOMAIN = 'platform.io';

/** Prefix of OpenAPI definition names, the reversed domain (`io.platform.api.core.v1.Pod`). */
export const SCHEMA_NAME_PREFIX = DOMAIN.split('.').reverse().join('.');

/** Environment variable holding a `:`-separated list of config files (like `KUBECONFIG`). */
export const CONFIG_ENV = 'PLATFORMCONFIG';
/** The context for one shell: overrides the config file's `current-context` (not `--context`) without writing the file. */
export const CONTEXT_ENV = 'PLATFORM_CONTEXT';
/** The namespace for one shell: overrides the context's namespace (not `-n`) without writing the file. */
export const NAMESPACE_ENV = 'PLATFORM_NAMESPACE';
/** Directory under the home directory that holds config, cache and local-server state. */
export const HOME_DIR_NAME = '.platform';
/** File name of the default config file inside {@link HOME_DIR_NAME}. */
export const CONFIG_FILE_NAME = 'config';
/** File inside {@link HOME_DIR_NAME} holding credentials when no OS keychain is available. */
export const CREDENTIALS_FILE_NAME = 'credentials.json';
/** Sub-directory of {@link HOME_DIR_NAME} used as the default cache dir (discovery, http). */
export const CACHE_DIR_NAME = 'cache';
/** Sub-directory of {@link HOME_DIR_NAME} used as the local server's default data dir. */
export const LOCAL_DIR_NAME = 'local';

/** Environment variable through which an exec credential plugin receives its input. */
export const EXEC_INFO_ENV = 'PLATFORM_EXEC_INFO';
/** API group of ExecCredential objects. */
export const EXEC_API_GROUP = `client.authentication.${DOMAIN}`;
/** Name of the per-cluster extension passed to exec plugins as `spec.cluster.config`. */
export const EXEC_CLUSTER_EXTENSION = `${EXEC_API_GROUP}/exec`;

/** In-cluster service-account mount. */
export const IN_CLUSTER_DIR = `/var/run/secrets/${DOMAIN}/serviceaccount`;
/** In-cluster environment variables. */
export const IN_CLUSTER_HOST_ENV = 'PLATFORM_SERVICE_HOST';
export const IN_CLUSTER_PORT_ENV = 'PLATFORM_SERVICE_PORT';

/**
 * How long a request may take to connect (default 30 s, Go's dialer in kubectl), and to get its
 * response headers when it has no `--request-timeout` (default 60 s, the API server's own request
 * timeout); how long an exec credential plugin that does not use the terminal may run (default
 * 60 s). A Go duration or seconds; `0` waits forever.
 */
export const CONNECT_TIMEOUT_ENV = 'PLATFORM_CONNECT_TIMEOUT';
export const RESPONSE_HEADER_TIMEOUT_ENV = 'PLATFORM_RESPONSE_HEADER_TIMEOUT';
export const EXEC_PLUGIN_TIMEOUT_ENV = 'PLATFORM_EXEC_PLUGIN_TIMEOUT';

/** Editor override for `platformctl edit` (then `$EDITOR`, then `vi`). */
export const EDITOR_ENV = 'PLATFORM_EDITOR';
/** External diff program override for `platformctl diff`. */
export const EXTERNAL_DIFF_ENV = 'PLATFORM_EXTERNAL_DIFF';

/** API groups: `*.k8s.io` becomes `*.platform.io`; `apps`, `batch`, `policy`, `autoscaling` keep their names. */
export const GROUPS = {
  core: '',
  apps: 'apps',
  batch: 'batch',
  policy: 'policy',
  autoscaling: 'autoscaling',
  meta: `meta.${DOMAIN}`,
  certificates: `certificates.${DOMAIN}`,
  authentication: `authentication.${DOMAIN}`,
  authorization: `authorization.${DOMAIN}`,
  rbac: `rbac.authorization.${DOMAIN}`,
  apiextensions: `apiextensions.${DOMAIN}`,
  admissionregistration: `admissionregistration.${DOMAIN}`,
  admission: `admission.${DOMAIN}`,
  apidiscovery: `apidiscovery.${DOMAIN}`,
  coordination: `coordination.${DOMAIN}`,
  events: `events.${DOMAIN}`,
  discovery: `discovery.${DOMAIN}`,
  networking: `networking.${DOMAIN}`,
  storage: `storage.${DOMAIN}`,
  scheduling: `scheduling.${DOMAIN}`,
  node: `node.${DOMAIN}`,
  flowcontrol: `flowcontrol.apiserver.${DOMAIN}`,
  apiregistration: `apiregistration.${DOMAIN}`,
  apiserverConfig: `apiserver.config.${DOMAIN}`,
  /** The resource metrics API (metrics-server's `metrics.k8s.io`). */
  metrics: `metrics.${DOMAIN}`,
  clientAuthentication: EXEC_API_GROUP,
} as const;

/** Well-known namespaces. */
export const NAMESPACES = {
  default: 'default',
  system: 'platform-system',
  public: 'platform-public',
  nodeLease: 'platform-node-lease',
} as const;

/** Media types the API speaks. */
export const MEDIA_TYPES = {
  json: 'application/json',
  yaml: 'application/yaml',
  protobuf: 'application/vnd.platform.protobuf',
  table: `application/json;as=Table;g=meta.${DOMAIN};v=v1`,
  tableV1beta1: `application/json;as=Table;g=meta.${DOMAIN};v=v1beta1`,
  aggregatedDiscovery: `application/json;g=apidiscovery.${DOMAIN};v=v2;as=APIGroupDiscoveryList`,
  applyPatch: 'application/apply-patch+yaml',
  mergePatch: 'application/merge-patch+json',
  jsonPatch: 'application/json-patch+json',
  strategicMergePatch: 'application/strategic-merge-patch+json',
} as const;

/** The four bytes that start every protobuf envelope (`k8s\0` in Kubernetes). */
export const PROTOBUF_PREFIX: readonly number[] = [0x6b, 0x38, 0x73, 0x00];

/** Field managers used by the CLI. */
export const FIELD_MANAGER = 'platformctl';
export const FIELD_MANAGER_CLIENT_SIDE_APPLY = 'platformctl-client-side-apply';

/**
 * The field manager of the SDK's applies when neither the client nor the call names one: a fixed
 * name, so that a script's managedFields do not change with the file name it is run from.
 */
export const SDK_FIELD_MANAGER = 'platformctl-sdk';

/** Annotations, labels, finalizers and other `platform.io` keys. */
export const ANNOTATIONS = {
  lastApplied: `platformctl.${DOMAIN}/last-applied-configuration`,
  defaultContainer: `platformctl.${DOMAIN}/default-container`,
  changeCause: `${DOMAIN}/change-cause`,
  /** Set to `manual` on a Job made from a CronJob by `create job --from` (`cronjob.kubernetes.io/instantiate`). */
  cronJobInstantiate: `cronjob.${DOMAIN}/instantiate`,
  /** `"false"` on an RBAC object keeps reconciliation from changing it (`rbac.authorization.kubernetes.io/autoupdate`). */
  rbacAutoupdate: `rbac.authorization.${DOMAIN}/autoupdate`,
  serviceAccountName: `${DOMAIN}/service-account.name`,
  serviceAccountUid: `${DOMAIN}/service-account.uid`,
  deprecated: `${DOMAIN}/deprecated`,
  nodeSelector: `scheduler.alpha.${DOMAIN}/node-selector`,
  defaultTolerations: `scheduler.alpha.${DOMAIN}/defaultTolerations`,
  tolerationsWhitelist: `scheduler.alpha.${DOMAIN}/tolerationsWhitelist`,
  /** A Deployment's and its ReplicaSets' rollout revision. */
  deploymentRevision: `deployment.${DOMAIN}/revision`,
  /** Earlier revisions a ReplicaSet served (set when a rollback reuses it). */
  deploymentRevisionHistory: `deployment.${DOMAIN}/revision-history`,
  /** The Deployment's replicas when a ReplicaSet was last scaled. */
  deploymentDesiredReplicas: `deployment.${DOMAIN}/desired-replicas`,
  /** The Deployment's replicas plus maxSurge when a ReplicaSet was last scaled. */
  deploymentMaxReplicas: `deployment.${DOMAIN}/max-replicas`,
  /** Orders ReplicaSet scale-down (int32; lower goes first). */
  podDeletionCost: `controller.${DOMAIN}/pod-deletion-cost`,
  /** The completion index of an Indexed Job's pod. */
  jobCompletionIndex: `batch.${DOMAIN}/job-completion-index`,
  /** When a CronJob's Job was scheduled (RFC 3339). */
  cronJobScheduledTimestamp: `batch.${DOMAIN}/cronjob-scheduled-timestamp`,
  /** Set by `rollout restart` on a pod template (`kubectl.kubernetes.io/restartedAt`). */
  restartedAt: `platformctl.${DOMAIN}/restartedAt`,
  /** When the change that triggered an Endpoints or EndpointSlice update happened. */
  endpointsLastChangeTriggerTime: `endpoints.${DOMAIN}/last-change-trigger-time`,
  /** The DaemonSet template generation on its pods (kept for old clients). */
  daemonSetTemplateGeneration: 'deprecated.daemonset.template.generation',
  /** `"true"` marks the default StorageClass (`storageclass.kubernetes.io/is-default-class`), and its beta form. */
  defaultStorageClass: `storageclass.${DOMAIN}/is-default-class`,
  defaultStorageClassBeta: `storageclass.beta.${DOMAIN}/is-default-class`,
  /** HorizontalPodAutoscaler v2 fields kept on v1 objects. */
  hpaMetrics: `autoscaling.alpha.${DOMAIN}/metrics`,
  hpaCurrentMetrics: `autoscaling.alpha.${DOMAIN}/current-metrics`,
  hpaConditions: `autoscaling.alpha.${DOMAIN}/conditions`,
  hpaBehavior: `autoscaling.alpha.${DOMAIN}/behavior`,
  /** An ApplySet parent's tooling, `NAME/VERSION` (`applyset.kubernetes.io/tooling`). */
  applySetTooling: `applyset.${DOMAIN}/tooling`,
  /** The group-kinds an ApplySet's members may have, `Kind.group,...` (`applyset.kubernetes.io/contains-group-kinds`). */
  applySetGroupKinds: `applyset.${DOMAIN}/contains-group-kinds`,
  /** Its older form, group-resources (`applyset.kubernetes.io/contains-group-resources`): read, never written. */
  applySetGroupResources: `applyset.${DOMAIN}/contains-group-resources`,
  /** Namespaces of members besides the parent's (`applyset.kubernetes.io/additional-namespaces`). */
  applySetAdditionalNamespaces: `applyset.${DOMAIN}/additional-namespaces`,
} as const;

export const LABELS = {
  metadataName: `${DOMAIN}/metadata.name`,
  /** An ApplySet parent's ID (`applyset.kubernetes.io/id`). */
  applySetId: `applyset.${DOMAIN}/id`,
  /** The ID of the ApplySet a member belongs to (`applyset.kubernetes.io/part-of`). */
  applySetPartOf: `applyset.${DOMAIN}/part-of`,
  /** On a CRD: its kind may be an ApplySet parent (`applyset.kubernetes.io/is-parent-type`). */
  applySetParentType: `applyset.${DOMAIN}/is-parent-type`,
  hostname: `${DOMAIN}/hostname`,
  arch: `${DOMAIN}/arch`,
  os: `${DOMAIN}/os`,
  /** The deprecated node labels a node agent still sets (`beta.kubernetes.io/arch`, `/os`). */
  betaArch: `beta.${DOMAIN}/arch`,
  betaOs: `beta.${DOMAIN}/os`,
  podSecurityEnforce: `pod-security.${DOMAIN}/enforce`,
  podSecurityAudit: `pod-security.${DOMAIN}/audit`,
  podSecurityWarn: `pod-security.${DOMAIN}/warn`,
  /** Services `cluster-info` lists (`kubernetes.io/cluster-service`). */
  clusterService: `${DOMAIN}/cluster-service`,
  /** The display name `cluster-info` shows for a cluster service (`kubernetes.io/name`). */
  name: `${DOMAIN}/name`,
  /** The hash of the pod template a ReplicaSet runs (on its pods, template and selector). */
  podTemplateHash: 'pod-template-hash',
  /** The ControllerRevision a StatefulSet's or DaemonSet's pod was made from. */
  controllerRevisionHash: 'controller-revision-hash',
  /** A StatefulSet pod's name. */
  statefulSetPodName: `statefulset.${DOMAIN}/pod-name`,
  /** A StatefulSet pod's ordinal, an Indexed Job pod's index. */
  podIndex: `apps.${DOMAIN}/pod-index`,
  /** Labels the Job controller selects its pods by. */
  jobControllerUid: `batch.${DOMAIN}/controller-uid`,
  jobName: `batch.${DOMAIN}/job-name`,
  jobCompletionIndex: `batch.${DOMAIN}/job-completion-index`,
  /** The controller that manages an EndpointSlice, and the value of the built-in one. */
  endpointSliceManagedBy: `endpointslice.${DOMAIN}/managed-by`,
  endpointSliceController: `endpointslice-controller.${DOMAIN}`,
  /** The Service an EndpointSlice belongs to. */
  serviceName: `${DOMAIN}/service-name`,
  /** Set on Endpoints and EndpointSlices of headless Services. */
  headless: `service.${DOMAIN}/headless`,
} as const;

export const FINALIZERS = {
  pvcProtection: `${DOMAIN}/pvc-protection`,
  pvProtection: `${DOMAIN}/pv-protection`,
  namespace: DOMAIN,
  /** Keeps a Job's pods until the Job controller has counted them. */
  jobTracking: `batch.${DOMAIN}/job-tracking`,
} as const;

export const TAINTS = {
  notReady: `node.${DOMAIN}/not-ready`,
  unreachable: `node.${DOMAIN}/unreachable`,
  unschedulable: `node.${DOMAIN}/unschedulable`,
  memoryPressure: `node.${DOMAIN}/memory-pressure`,
  diskPressure: `node.${DOMAIN}/disk-pressure`,
  pidPressure: `node.${DOMAIN}/pid-pressure`,
  networkUnavailable: `node.${DOMAIN}/network-unavailable`,
} as const;

/**
 * Component names events and leases carry (`source.component`, `reportingComponent`): the same as
 * a real cluster's, so tools that filter events by component work unchanged.
 */
export const COMPONENTS = {
  scheduler: 'default-scheduler',
  nodeAgent: 'kubelet',
  nodeController: 'node-controller',
} as const;

/** The node the local server's node agent registers and runs pods on. */
export const LOCAL_NODE_NAME = 'local';

/** Built-in certificate signers. */
export const SIGNERS = {
  apiserverClient: `${DOMAIN}/apiserver-client`,
  apiserverClientNodeAgent: `${DOMAIN}/apiserver-client-nodeagent`,
  nodeAgentServing: `${DOMAIN}/nodeagent-serving`,
  legacyUnknown: `${DOMAIN}/legacy-unknown`,
} as const;

/** Secret types. */
export const SECRET_TYPES = {
  serviceAccountToken: `${DOMAIN}/service-account-token`,
  bootstrapToken: `bootstrap.${DOMAIN}/token`,
  dockerConfigJson: `${DOMAIN}/dockerconfigjson`,
  tls: `${DOMAIN}/tls`,
  opaque: 'Opaque',
} as const;

/** The ConfigMap holding the cluster CA for pods, and cluster-info for bootstrap discovery. */
export const ROOT_CA_CONFIGMAP = 'platform-root-ca.crt';
export const CLUSTER_INFO_CONFIGMAP = 'cluster-info';

/** Name prefix of the local server's cluster, user and context entries. */
export const LOCAL_CONTEXT_NAME = 'local';

/** Prefix of plugin executables on PATH (`platformctl-foo`). */
export const PLUGIN_PREFIX = `${BINARY_NAME}-`;

/** Prefix of the OpenAPI vendor extensions (`x-kubernetes-` in Kubernetes). */
export const OPENAPI_EXTENSION_PREFIX = 'x-platform-';

/**
 * kustomize's names: the kustomization file names, the Kustomization and Component API versions
 * (`kustomize.config.k8s.io` in Kubernetes), and the `config.kubernetes.io` annotations it reads
 * and writes.
 */
export const KUSTOMIZE = {
  /** The names a kustomization file may have, in the order kustomize looks for them. */
  fileNames: ['kustomization.yaml', 'kustomization.yml', 'Kustomization'],
  kustomizationApiVersion: `kustomize.config.${DOMAIN}/v1beta1`,
  componentApiVersion: `kustomize.config.${DOMAIN}/v1alpha1`,
  /** Objects annotated `"true"` with it are left out of the output. */
  localConfigAnnotation: `config.${DOMAIN}/local-config`,
  /** Domain of the annotations kustomize uses internally while it builds (never in the output). */
  buildAnnotationDomain: `internal.config.${DOMAIN}`,
  /** `buildMetadata: [originAnnotations]`. */
  originAnnotation: `config.${DOMAIN}/origin`,
  /** `buildMetadata: [transformerAnnotations]`. */
  transformationsAnnotation: `alpha.config.${DOMAIN}/transformations`,
  /** `buildMetadata: [managedByLabel]`. */
  managedByLabel: `app.${DOMAIN}/managed-by`,
} as const;

/** Prefix of kubectl's plugins (`kubectl-foo`, as krew installs them): seen on PATH, never run. */
export const KUBECTL_PLUGIN_PREFIX = 'kubectl-';

/**
 * Sub-protocols of the streaming endpoints (exec, attach, port-forward): Kubernetes' names with
 * `platform.io` where they say `k8s.io` (`v5.channel.k8s.io` becomes `v5.channel.platform.io`).
 */
export const STREAM_PROTOCOLS = {
  /** Binary channel frames with the stream-close signal (255). */
  channelV5: `v5.channel.${DOMAIN}`,
  /** Binary channel frames; the error channel carries a Status. */
  channelV4: `v4.channel.${DOMAIN}`,
  /** Text frames: a channel digit and base64 data; the error channel carries a Status. */
  base64ChannelV4: `v4.base64.channel.${DOMAIN}`,
  /** Text frames: a channel digit and base64 data. */
  base64Channel: `base64.channel.${DOMAIN}`,
  /** Binary channel frames, the first version. */
  channelV1: `channel.${DOMAIN}`,
  /** The port-forward protocol (SPDY streams `data` and `error` per port and request). */
  portForward: `portforward.${DOMAIN}`,
  /** Prefix of a SPDY protocol tunneled in WebSocket binary messages (`SPDY/3.1+portforward.platform.io`). */
  spdyTunnelPrefix: 'SPDY/3.1+',
} as const;
