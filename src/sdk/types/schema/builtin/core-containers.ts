/**
 * Schemas of core/v1 container types: containers, ports, environment, resources, probes, lifecycle hooks, security contexts and their statuses.
 * Field numbers are those of the published generated.proto; descriptions are our own.
 */
import type { StructSchema } from '../../../../machinery/schema/type-schema.js';
import { atomicList, keyedList, mapOf, message } from './build.js';
import { APP_ARMOR_PROFILE_TYPE, CAPABILITY, CONTAINER_RESTART_POLICY, MOUNT_PROPAGATION_MODE, PROC_MOUNT_TYPE, PROTOCOL, PULL_POLICY, RECURSIVE_READ_ONLY_MODE, RESOURCE_HEALTH_STATUS, RESOURCE_ID, RESOURCE_NAME, RESOURCE_RESIZE_RESTART_POLICY, SECCOMP_PROFILE_TYPE, TERMINATION_MESSAGE_POLICY, URI_SCHEME } from './core-values.js';
import { LOCAL_OBJECT_REFERENCE, OBJECT_FIELD_SELECTOR, RESOURCE_FIELD_SELECTOR } from './core-volumes.js';
import { BOOLEAN, INT32, INT64, INT_OR_STRING, QUANTITY, STRING, TIME } from './scalars.js';

/** ContainerPort (core/v1). */
export const CONTAINER_PORT: StructSchema = message('api.core.v1', 'ContainerPort', 'A network port of a container.', {
  name: [1, STRING, 'Name of the port, an IANA service name unique within the pod; services can refer to it.'],
  hostPort: [2, INT32, 'Port to open on the node as well; few pods need it, and it limits where the pod can run.'],
  containerPort: [3, INT32, 'The port number on the pod\'s IP address (1 to 65535).', 're'],
  protocol: [4, PROTOCOL, 'UDP, TCP or SCTP; TCP by default.'],
  hostIP: [5, STRING, 'Node address the host port binds to.'],
});

/** ConfigMapEnvSource (core/v1). */
export const CONFIG_MAP_ENV_SOURCE: StructSchema = message('api.core.v1', 'ConfigMapEnvSource', 'A config map whose keys become environment variables.', {
  optional: [2, BOOLEAN, 'When true, a missing config map is not an error.', 'p'],
}, { inline: [[1, LOCAL_OBJECT_REFERENCE]] });

/** SecretEnvSource (core/v1). */
export const SECRET_ENV_SOURCE: StructSchema = message('api.core.v1', 'SecretEnvSource', 'A secret whose keys become environment variables.', {
  optional: [2, BOOLEAN, 'When true, a missing secret is not an error.', 'p'],
}, { inline: [[1, LOCAL_OBJECT_REFERENCE]] });

/** EnvFromSource (core/v1). */
export const ENV_FROM_SOURCE: StructSchema = message('api.core.v1', 'EnvFromSource', 'A source of environment variables: all keys of a config map or secret.', {
  prefix: [1, STRING, 'Prefix added to every key.'],
  configMapRef: [2, CONFIG_MAP_ENV_SOURCE, 'The config map to read.', 'p'],
  secretRef: [3, SECRET_ENV_SOURCE, 'The secret to read.', 'p'],
});

/** ConfigMapKeySelector (core/v1). */
export const CONFIG_MAP_KEY_SELECTOR: StructSchema = message('api.core.v1', 'ConfigMapKeySelector', 'One key of a config map in the pod\'s namespace.', {
  key: [2, STRING, 'The key.', 're'],
  optional: [3, BOOLEAN, 'When true, a missing config map or key is not an error.', 'p'],
}, { atomic: true, inline: [[1, LOCAL_OBJECT_REFERENCE]] });

/** SecretKeySelector (core/v1). */
export const SECRET_KEY_SELECTOR: StructSchema = message('api.core.v1', 'SecretKeySelector', 'One key of a secret in the pod\'s namespace.', {
  key: [2, STRING, 'The key.', 're'],
  optional: [3, BOOLEAN, 'When true, a missing secret or key is not an error.', 'p'],
}, { atomic: true, inline: [[1, LOCAL_OBJECT_REFERENCE]] });

/** EnvVarSource (core/v1). */
export const ENV_VAR_SOURCE: StructSchema = message('api.core.v1', 'EnvVarSource', 'Where an environment variable\'s value comes from; exactly one field is set.', {
  fieldRef: [1, OBJECT_FIELD_SELECTOR, 'A field of the pod: metadata.name, metadata.namespace, metadata.labels[\'key\'], metadata.annotations[\'key\'], spec.nodeName, spec.serviceAccountName, status.hostIP, status.hostIPs, status.podIP, status.podIPs.', 'p'],
  resourceFieldRef: [2, RESOURCE_FIELD_SELECTOR, 'A resource of the container (limits.cpu, requests.memory ...).', 'p'],
  configMapKeyRef: [3, CONFIG_MAP_KEY_SELECTOR, 'One key of a config map.', 'p'],
  secretKeyRef: [4, SECRET_KEY_SELECTOR, 'One key of a secret.', 'p'],
});

/** EnvVar (core/v1). */
export const ENV_VAR: StructSchema = message('api.core.v1', 'EnvVar', 'One environment variable.', {
  name: [1, STRING, 'Name of the variable; a C identifier.', 're'],
  value: [2, STRING, 'The value. `$(VAR)` expands variables defined earlier, `$$` gives a literal `$`. Empty by default.'],
  valueFrom: [3, ENV_VAR_SOURCE, 'Where to read the value from instead; not together with a non-empty value.', 'p'],
});

/** ResourceClaim (core/v1). */
export const RESOURCE_CLAIM: StructSchema = message('api.core.v1', 'ResourceClaim', 'A reference to a resource claim of the pod.', {
  name: [1, STRING, 'Name of an entry of the pod\'s spec.resourceClaims.', 're'],
  request: [2, STRING, 'One request of that claim, when the container needs only it.'],
});

/** ResourceRequirements (core/v1). */
export const RESOURCE_REQUIREMENTS: StructSchema = message('api.core.v1', 'ResourceRequirements', 'Compute resources a container asks for and may use.', {
  limits: [1, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'The most of each resource the container may use.'],
  requests: [2, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'The amount of each resource the scheduler reserves for the container. Defaults to the limit when only a limit is set.'],
  claims: [3, keyedList(['name'], RESOURCE_CLAIM), 'Resource claims of the pod (spec.resourceClaims) this container uses.'],
});

/** ContainerResizePolicy (core/v1). */
export const CONTAINER_RESIZE_POLICY: StructSchema = message('api.core.v1', 'ContainerResizePolicy', 'How one resource of a container is resized.', {
  resourceName: [1, RESOURCE_NAME, 'The resource (cpu or memory).', 're'],
  restartPolicy: [2, RESOURCE_RESIZE_RESTART_POLICY, 'NotRequired resizes in place; RestartContainer restarts the container to apply the new value.', 're'],
});

/** VolumeMount (core/v1). */
export const VOLUME_MOUNT: StructSchema = message('api.core.v1', 'VolumeMount', 'A volume mounted into a container.', {
  name: [1, STRING, 'Name of a volume of the pod.', 're'],
  readOnly: [2, BOOLEAN, 'Mount read-only (read-write by default).'],
  recursiveReadOnly: [7, RECURSIVE_READ_ONLY_MODE, 'Whether read-only also applies to mounts below: Disabled, Enabled (fails if unsupported) or IfPossible. Needs readOnly.', 'p'],
  mountPath: [3, STRING, 'Path in the container to mount at; must not contain `:`.', 're'],
  subPath: [4, STRING, 'Sub-path of the volume to mount instead of its root.'],
  mountPropagation: [5, MOUNT_PROPAGATION_MODE, 'How mounts propagate between host and container: None, HostToContainer or Bidirectional (privileged containers only).', 'p'],
  subPathExpr: [6, STRING, 'Like subPath, with `$(VAR)` references to the container\'s environment; excludes subPath.'],
});

/** VolumeDevice (core/v1). */
export const VOLUME_DEVICE: StructSchema = message('api.core.v1', 'VolumeDevice', 'A block volume exposed as a device in a container.', {
  name: [1, STRING, 'Name of a persistent-volume-claim volume of the pod.', 're'],
  devicePath: [2, STRING, 'Path of the device in the container.', 're'],
});

/** ExecAction (core/v1). */
export const EXEC_ACTION: StructSchema = message('api.core.v1', 'ExecAction', 'A command run in the container.', {
  command: [1, atomicList(STRING), 'The command and its arguments, run without a shell in the container\'s root directory. Exit code 0 counts as success.'],
});

/** HTTPHeader (core/v1). */
export const HTTP_HEADER: StructSchema = message('api.core.v1', 'HTTPHeader', 'One HTTP header.', {
  name: [1, STRING, 'Header name (normalized when sent).', 're'],
  value: [2, STRING, 'Header value.', 're'],
});

/** HTTPGetAction (core/v1). */
export const HTTP_GET_ACTION: StructSchema = message('api.core.v1', 'HTTPGetAction', 'An HTTP GET request.', {
  path: [1, STRING, 'Path of the request.'],
  port: [2, INT_OR_STRING, 'Port number or name of the container to connect to.', 're'],
  host: [3, STRING, 'Host to connect to; the pod\'s IP by default. Set a Host header with httpHeaders instead, usually.'],
  scheme: [4, URI_SCHEME, 'HTTP or HTTPS; HTTP by default.'],
  httpHeaders: [5, atomicList(HTTP_HEADER), 'Extra headers of the request.'],
});

/** TCPSocketAction (core/v1). */
export const TCP_SOCKET_ACTION: StructSchema = message('api.core.v1', 'TCPSocketAction', 'A TCP connection.', {
  port: [1, INT_OR_STRING, 'Port number or name of the container to connect to.', 're'],
  host: [2, STRING, 'Host to connect to; the pod\'s IP by default.'],
});

/** GRPCAction (core/v1). */
export const GRPC_ACTION: StructSchema = message('api.core.v1', 'GRPCAction', 'A gRPC health check.', {
  port: [1, INT32, 'Port number of the gRPC service.', 're'],
  service: [2, STRING, 'Service name sent in the health-check request; empty checks the server as a whole.', 'pe'],
});

/** ProbeHandler (core/v1). */
export const PROBE_HANDLER: StructSchema = message('api.core.v1', 'ProbeHandler', 'What a probe does; exactly one field is set.', {
  exec: [1, EXEC_ACTION, 'Run a command in the container; exit code 0 is healthy.', 'p'],
  httpGet: [2, HTTP_GET_ACTION, 'Send an HTTP GET; a 2xx or 3xx answer is healthy.', 'p'],
  tcpSocket: [3, TCP_SOCKET_ACTION, 'Open a TCP connection; success is healthy.', 'p'],
  grpc: [4, GRPC_ACTION, 'Call the gRPC health-checking service.', 'p'],
});

/** Probe (core/v1). */
export const PROBE: StructSchema = message('api.core.v1', 'Probe', 'A health check of a container.', {
  initialDelaySeconds: [2, INT32, 'Seconds after the container starts before the first probe.'],
  timeoutSeconds: [3, INT32, 'Seconds after which the probe times out; 1 by default.'],
  periodSeconds: [4, INT32, 'Seconds between probes; 10 by default.'],
  successThreshold: [5, INT32, 'Successes in a row that count as passing after a failure; 1 by default, and must be 1 for liveness and startup probes.'],
  failureThreshold: [6, INT32, 'Failures in a row that count as failing; 3 by default.'],
  terminationGracePeriodSeconds: [7, INT64, 'Grace period for a kill caused by this probe, overriding the pod\'s.', 'p'],
}, { inline: [[1, PROBE_HANDLER]] });

/** SleepAction (core/v1). */
export const SLEEP_ACTION: StructSchema = message('api.core.v1', 'SleepAction', 'A pause.', {
  seconds: [1, INT64, 'Seconds to wait.', 're'],
});

/** LifecycleHandler (core/v1). */
export const LIFECYCLE_HANDLER: StructSchema = message('api.core.v1', 'LifecycleHandler', 'What a lifecycle hook does; exactly one field is set.', {
  exec: [1, EXEC_ACTION, 'Run a command in the container.', 'p'],
  httpGet: [2, HTTP_GET_ACTION, 'Send an HTTP GET.', 'p'],
  tcpSocket: [3, TCP_SOCKET_ACTION, 'Deprecated, kept for compatibility: not run.', 'p'],
  sleep: [4, SLEEP_ACTION, 'Wait for a while.', 'p'],
});

/** Lifecycle (core/v1). */
export const LIFECYCLE: StructSchema = message('api.core.v1', 'Lifecycle', 'Actions run when a container starts or is about to stop.', {
  postStart: [1, LIFECYCLE_HANDLER, 'Runs right after the container is created; on failure the container is restarted per the restart policy.', 'p'],
  preStop: [2, LIFECYCLE_HANDLER, 'Runs before the container is stopped for any reason other than its own exit; the grace period keeps counting while it runs.', 'p'],
});

/** Capabilities (core/v1). */
export const CAPABILITIES: StructSchema = message('api.core.v1', 'Capabilities', 'Linux capabilities to add to and drop from a container.', {
  add: [1, atomicList(CAPABILITY), 'Capabilities to add.'],
  drop: [2, atomicList(CAPABILITY), 'Capabilities to remove.'],
});

/** SELinuxOptions (core/v1). */
export const SE_LINUX_OPTIONS: StructSchema = message('api.core.v1', 'SELinuxOptions', 'An SELinux label.', {
  user: [1, STRING, 'SELinux user.'],
  role: [2, STRING, 'SELinux role.'],
  type: [3, STRING, 'SELinux type.'],
  level: [4, STRING, 'SELinux level.'],
});

/** WindowsSecurityContextOptions (core/v1). */
export const WINDOWS_SECURITY_CONTEXT_OPTIONS: StructSchema = message('api.core.v1', 'WindowsSecurityContextOptions', 'Windows-specific security options.', {
  gmsaCredentialSpecName: [1, STRING, 'Name of the GMSA credential spec to use.', 'p'],
  gmsaCredentialSpec: [2, STRING, 'The GMSA credential spec, inlined by the admission webhook from gmsaCredentialSpecName.', 'p'],
  runAsUserName: [3, STRING, 'User name the entrypoint runs as; the image\'s user by default.', 'p'],
  hostProcess: [4, BOOLEAN, 'Run as a host process container, with host networking; all containers of the pod must agree.', 'p'],
});

/** SeccompProfile (core/v1). */
export const SECCOMP_PROFILE: StructSchema = message('api.core.v1', 'SeccompProfile', 'A seccomp profile.', {
  type: [1, SECCOMP_PROFILE_TYPE, 'Localhost (a file on the node), RuntimeDefault or Unconfined.', 're'],
  localhostProfile: [2, STRING, 'Path of the profile, relative to the node\'s seccomp directory; only with type Localhost.', 'p'],
});

/** AppArmorProfile (core/v1). */
export const APP_ARMOR_PROFILE: StructSchema = message('api.core.v1', 'AppArmorProfile', 'An AppArmor profile.', {
  type: [1, APP_ARMOR_PROFILE_TYPE, 'Localhost (a profile loaded on the node), RuntimeDefault or Unconfined.', 're'],
  localhostProfile: [2, STRING, 'Name of a profile loaded on the node; only with type Localhost.', 'p'],
});

/** SecurityContext (core/v1). */
export const SECURITY_CONTEXT: StructSchema = message('api.core.v1', 'SecurityContext', 'Security options of one container; they override the pod\'s where both are set.', {
  capabilities: [1, CAPABILITIES, 'Linux capabilities to add and drop; the runtime\'s default set otherwise.', 'p'],
  privileged: [2, BOOLEAN, 'Run as privileged: like root on the host.', 'p'],
  seLinuxOptions: [3, SE_LINUX_OPTIONS, 'SELinux context of the container; a random one when unset.', 'p'],
  windowsOptions: [10, WINDOWS_SECURITY_CONTEXT_OPTIONS, 'Windows-specific options.', 'p'],
  runAsUser: [4, INT64, 'User ID the process runs as; the image\'s user by default.', 'p'],
  runAsGroup: [8, INT64, 'Group ID the process runs as; the runtime\'s default otherwise.', 'p'],
  runAsNonRoot: [5, BOOLEAN, 'Refuse to start the container when it would run as UID 0.', 'p'],
  readOnlyRootFilesystem: [6, BOOLEAN, 'Make the root filesystem read-only.', 'p'],
  allowPrivilegeEscalation: [7, BOOLEAN, 'Whether a process may gain more privileges than its parent (no_new_privs). Always true for privileged containers or those with CAP_SYS_ADMIN.', 'p'],
  procMount: [9, PROC_MOUNT_TYPE, 'Default masks /proc as usual; Unmasked does not (needs hostUsers false).', 'p'],
  seccompProfile: [11, SECCOMP_PROFILE, 'Seccomp profile of the container; overrides the pod\'s.', 'p'],
  appArmorProfile: [12, APP_ARMOR_PROFILE, 'AppArmor profile of the container; overrides the pod\'s.', 'p'],
});

/** Container (core/v1). */
export const CONTAINER: StructSchema = message('api.core.v1', 'Container', 'A process to run in a pod, from a container image.', {
  name: [1, STRING, 'Name of the container, a DNS label unique within the pod. Cannot be changed.', 're'],
  image: [2, STRING, 'The container image to run. Workload templates may leave it empty for a later controller to fill in.'],
  command: [3, atomicList(STRING), 'The entrypoint, run without a shell; the image\'s ENTRYPOINT when empty. `$(VAR)` expands environment variables, `$$` gives a literal `$`. Cannot be changed.'],
  args: [4, atomicList(STRING), 'Arguments of the entrypoint; the image\'s CMD when empty. `$(VAR)` expands environment variables, `$$` gives a literal `$`. Cannot be changed.'],
  workingDir: [5, STRING, 'Working directory of the process; the image\'s default when empty. Cannot be changed.'],
  ports: [6, keyedList(['containerPort', 'protocol'], CONTAINER_PORT, { key: 'containerPort' }, {protocol: 'TCP'}), 'Ports the container exposes, for information; any port the process listens on is reachable anyway. Cannot be changed.'],
  envFrom: [19, atomicList(ENV_FROM_SOURCE), 'Sources whose keys all become environment variables. A key defined twice takes the last source\'s value; env entries win over these.'],
  env: [7, keyedList(['name'], ENV_VAR, { key: 'name' }), 'Environment variables of the process.'],
  resources: [8, RESOURCE_REQUIREMENTS, 'CPU, memory and other resources the container needs (requests) and may use at most (limits).'],
  resizePolicy: [23, atomicList(CONTAINER_RESIZE_POLICY), 'How each resource may be resized in place.'],
  restartPolicy: [24, CONTAINER_RESTART_POLICY, 'Only for init containers: `Always` makes it a sidecar that keeps running beside the main containers and restarts on exit.', 'p'],
  volumeMounts: [9, keyedList(['mountPath'], VOLUME_MOUNT, { key: 'mountPath' }), 'Volumes of the pod to mount into the container\'s filesystem. Cannot be changed.'],
  volumeDevices: [21, keyedList(['devicePath'], VOLUME_DEVICE, { key: 'devicePath' }), 'Block volumes of the pod to expose as devices.'],
  livenessProbe: [10, PROBE, 'Probe that restarts the container when it fails. Cannot be changed.', 'p'],
  readinessProbe: [11, PROBE, 'Probe that takes the pod out of service endpoints while it fails. Cannot be changed.', 'p'],
  startupProbe: [22, PROBE, 'Probe that must succeed before the other probes start; failing it restarts the container. Cannot be changed.', 'p'],
  lifecycle: [12, LIFECYCLE, 'Actions the system runs right after start and before stop. Cannot be changed.', 'p'],
  terminationMessagePath: [13, STRING, 'File whose contents become the termination message when the container exits (at most 4096 bytes). Defaults to /dev/termination-log. Cannot be changed.'],
  terminationMessagePolicy: [20, TERMINATION_MESSAGE_POLICY, '`File` uses only the termination message file; `FallbackToLogsOnError` uses the end of the log when the file is empty and the container failed. Cannot be changed.'],
  imagePullPolicy: [14, PULL_POLICY, 'When to pull the image: Always, Never or IfNotPresent. Always for a `:latest` tag, IfNotPresent otherwise. Cannot be changed.'],
  securityContext: [15, SECURITY_CONTEXT, 'Security options of the container; they override the pod\'s.', 'p'],
  stdin: [16, BOOLEAN, 'Keep a stdin buffer open for the container; reads get EOF when false.'],
  stdinOnce: [17, BOOLEAN, 'Close stdin after the first attach disconnects, so the next attach starts a new session.'],
  tty: [18, BOOLEAN, 'Give the container a terminal; needs stdin too.'],
});

/** EphemeralContainerCommon (core/v1). */
export const EPHEMERAL_CONTAINER_COMMON: StructSchema = message('api.core.v1', 'EphemeralContainerCommon', 'The fields of an ephemeral container.', {
  name: [1, STRING, 'Name of the container, a DNS label unique within the pod. Cannot be changed.', 're'],
  image: [2, STRING, 'The container image to run. Workload templates may leave it empty for a later controller to fill in.'],
  command: [3, atomicList(STRING), 'The entrypoint, run without a shell; the image\'s ENTRYPOINT when empty. `$(VAR)` expands environment variables, `$$` gives a literal `$`. Cannot be changed.'],
  args: [4, atomicList(STRING), 'Arguments of the entrypoint; the image\'s CMD when empty. `$(VAR)` expands environment variables, `$$` gives a literal `$`. Cannot be changed.'],
  workingDir: [5, STRING, 'Working directory of the process; the image\'s default when empty. Cannot be changed.'],
  ports: [6, keyedList(['containerPort', 'protocol'], CONTAINER_PORT, { key: 'containerPort' }, {protocol: 'TCP'}), 'Ports the container exposes, for information; any port the process listens on is reachable anyway. Cannot be changed.'],
  envFrom: [19, atomicList(ENV_FROM_SOURCE), 'Sources whose keys all become environment variables. A key defined twice takes the last source\'s value; env entries win over these.'],
  env: [7, keyedList(['name'], ENV_VAR, { key: 'name' }), 'Environment variables of the process.'],
  resources: [8, RESOURCE_REQUIREMENTS, 'CPU, memory and other resources the container needs (requests) and may use at most (limits).'],
  resizePolicy: [23, atomicList(CONTAINER_RESIZE_POLICY), 'How each resource may be resized in place.'],
  restartPolicy: [24, CONTAINER_RESTART_POLICY, 'Only for init containers: `Always` makes it a sidecar that keeps running beside the main containers and restarts on exit.', 'p'],
  volumeMounts: [9, keyedList(['mountPath'], VOLUME_MOUNT, { key: 'mountPath' }), 'Volumes of the pod to mount into the container\'s filesystem. Cannot be changed.'],
  volumeDevices: [21, keyedList(['devicePath'], VOLUME_DEVICE, { key: 'devicePath' }), 'Block volumes of the pod to expose as devices.'],
  livenessProbe: [10, PROBE, 'Probe that restarts the container when it fails. Cannot be changed.', 'p'],
  readinessProbe: [11, PROBE, 'Probe that takes the pod out of service endpoints while it fails. Cannot be changed.', 'p'],
  startupProbe: [22, PROBE, 'Probe that must succeed before the other probes start; failing it restarts the container. Cannot be changed.', 'p'],
  lifecycle: [12, LIFECYCLE, 'Actions the system runs right after start and before stop. Cannot be changed.', 'p'],
  terminationMessagePath: [13, STRING, 'File whose contents become the termination message when the container exits (at most 4096 bytes). Defaults to /dev/termination-log. Cannot be changed.'],
  terminationMessagePolicy: [20, TERMINATION_MESSAGE_POLICY, '`File` uses only the termination message file; `FallbackToLogsOnError` uses the end of the log when the file is empty and the container failed. Cannot be changed.'],
  imagePullPolicy: [14, PULL_POLICY, 'When to pull the image: Always, Never or IfNotPresent. Always for a `:latest` tag, IfNotPresent otherwise. Cannot be changed.'],
  securityContext: [15, SECURITY_CONTEXT, 'Security options of the container; they override the pod\'s.', 'p'],
  stdin: [16, BOOLEAN, 'Keep a stdin buffer open for the container; reads get EOF when false.'],
  stdinOnce: [17, BOOLEAN, 'Close stdin after the first attach disconnects, so the next attach starts a new session.'],
  tty: [18, BOOLEAN, 'Give the container a terminal; needs stdin too.'],
});

/** EphemeralContainer (core/v1). */
export const EPHEMERAL_CONTAINER: StructSchema = message('api.core.v1', 'EphemeralContainer', 'A container added to a running pod for troubleshooting, through the ephemeralcontainers sub-resource. It has no resources, ports or probes and is never restarted.', {
  targetContainerName: [2, STRING, 'Container whose namespaces (process, IPC ...) this one joins; the pod\'s otherwise.'],
}, { inline: [[1, EPHEMERAL_CONTAINER_COMMON]] });

/** ContainerStateWaiting (core/v1). */
export const CONTAINER_STATE_WAITING: StructSchema = message('api.core.v1', 'ContainerStateWaiting', 'A container waiting to start.', {
  reason: [1, STRING, 'Why it is waiting (ContainerCreating, ImagePullBackOff, CrashLoopBackOff ...).'],
  message: [2, STRING, 'More about why it is waiting.'],
});

/** ContainerStateRunning (core/v1). */
export const CONTAINER_STATE_RUNNING: StructSchema = message('api.core.v1', 'ContainerStateRunning', 'A running container.', {
  startedAt: [1, TIME, 'When the container last started.'],
});

/** ContainerStateTerminated (core/v1). */
export const CONTAINER_STATE_TERMINATED: StructSchema = message('api.core.v1', 'ContainerStateTerminated', 'A container that has exited.', {
  exitCode: [1, INT32, 'Exit status of the last run.', 're'],
  signal: [2, INT32, 'Signal that ended the last run, if any.'],
  reason: [3, STRING, 'Why it exited (Completed, Error, OOMKilled ...).'],
  message: [4, STRING, 'More about why it exited; the termination message.'],
  startedAt: [5, TIME, 'When that run started.'],
  finishedAt: [6, TIME, 'When that run ended.'],
  containerID: [7, STRING, 'ID of the container in the runtime, `<type>://<id>`.'],
});

/** ContainerState (core/v1). */
export const CONTAINER_STATE: StructSchema = message('api.core.v1', 'ContainerState', 'The state of a container: at most one of waiting, running and terminated; waiting when none is set.', {
  waiting: [1, CONTAINER_STATE_WAITING, 'The container is not running yet.', 'p'],
  running: [2, CONTAINER_STATE_RUNNING, 'The container is running.', 'p'],
  terminated: [3, CONTAINER_STATE_TERMINATED, 'The container has exited.', 'p'],
});

/** VolumeMountStatus (core/v1). */
export const VOLUME_MOUNT_STATUS: StructSchema = message('api.core.v1', 'VolumeMountStatus', 'A mount of a container as the runtime reports it.', {
  name: [1, STRING, 'Name of the volume mount.', 're'],
  mountPath: [2, STRING, 'Where the volume is mounted.', 're'],
  readOnly: [3, BOOLEAN, 'Whether the mount is read-only.'],
  recursiveReadOnly: [4, RECURSIVE_READ_ONLY_MODE, 'Whether the mounts below are read-only too: Disabled or Enabled.', 'p'],
});

/** LinuxContainerUser (core/v1). */
export const LINUX_CONTAINER_USER: StructSchema = message('api.core.v1', 'LinuxContainerUser', 'A Linux user and its groups.', {
  uid: [1, INT64, 'User ID.', 're'],
  gid: [2, INT64, 'Primary group ID.', 're'],
  supplementalGroups: [3, atomicList(INT64), 'Supplementary group IDs.'],
});

/** ContainerUser (core/v1). */
export const CONTAINER_USER: StructSchema = message('api.core.v1', 'ContainerUser', 'The identity of a container\'s first process.', {
  linux: [1, LINUX_CONTAINER_USER, 'The Linux user and groups.', 'p'],
});

/** ResourceHealth (core/v1). */
export const RESOURCE_HEALTH: StructSchema = message('api.core.v1', 'ResourceHealth', 'Health of one device.', {
  resourceID: [1, RESOURCE_ID, 'ID of the device, unique per resource.', 're'],
  health: [2, RESOURCE_HEALTH_STATUS, 'Healthy, Unhealthy or Unknown.'],
});

/** ResourceStatus (core/v1). */
export const RESOURCE_STATUS: StructSchema = message('api.core.v1', 'ResourceStatus', 'Health of the devices of one resource of a container.', {
  name: [1, RESOURCE_NAME, 'The resource, such as `claim:<claim>/<request>` or a device plugin resource name.', 're'],
  resources: [2, keyedList(['resourceID'], RESOURCE_HEALTH), 'Health of each device.'],
});

/** ContainerStatus (core/v1). */
export const CONTAINER_STATUS: StructSchema = message('api.core.v1', 'ContainerStatus', 'The observed state of one container.', {
  name: [1, STRING, 'Name of the container, as in the pod spec.', 're'],
  state: [2, CONTAINER_STATE, 'What the container is doing now.'],
  lastState: [3, CONTAINER_STATE, 'How the previous run of the container ended, if it was restarted.'],
  ready: [4, BOOLEAN, 'Whether the container passes its readiness probe (true without a probe once started).', 're'],
  restartCount: [5, INT32, 'How many times the container has been restarted.', 're'],
  image: [6, STRING, 'The image the container runs, as the runtime reports it.', 're'],
  imageID: [7, STRING, 'ID of that image, as the runtime reports it.', 're'],
  containerID: [8, STRING, 'ID of the container in the runtime, `<type>://<id>`.'],
  started: [9, BOOLEAN, 'Whether the container has started and passed its startup probe.', 'p'],
  allocatedResources: [10, mapOf(QUANTITY, { go: 'v1.ResourceList' }), 'Resources the node allocated to the container.'],
  resources: [11, RESOURCE_REQUIREMENTS, 'Resources the container is actually configured with (after an in-place resize, possibly different from the spec).', 'p'],
  volumeMounts: [12, keyedList(['mountPath'], VOLUME_MOUNT_STATUS, { key: 'mountPath' }), 'Mounts of the container as the runtime reports them.'],
  user: [13, CONTAINER_USER, 'The identity the first process of the container runs with.', 'p'],
  allocatedResourcesStatus: [14, keyedList(['name'], RESOURCE_STATUS, { key: 'name' }), 'Health of the devices allocated to the container.'],
});
