/** `platformctl debug`: debugging sessions in a running pod, a copy of a pod, or on a node. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { filenameFlag } from '../../manifests/manifest-flags.js';

const ONLY_COPY = "(This flag only works when used with '--copy-to')";

/** `platformctl debug`. */
export const spec = defineCommand({
  name: 'debug',
  usage: '(POD | TYPE[[.VERSION].GROUP]/NAME) [ -- COMMAND [args...] ]',
  summary: 'Create debugging sessions for troubleshooting workloads and nodes',
  description: [
    'Debug cluster resources using interactive debugging containers.',
    "'debug' provides automation for common debugging tasks for cluster objects identified by resource and name. Pods will be used by default if no resource is specified.",
    "The action taken by 'debug' varies depending on what resource is specified. Supported actions include:",
    "  *  Workload: Create a copy of an existing pod with certain attributes changed, for example changing the image tag to a new version.\n  *  Workload: Add an ephemeral container to an already running pod, for example to add debugging utilities without restarting the pod.\n  *  Node: Create a new pod that runs in the node's host namespaces and can access the node's filesystem.",
  ].join('\n\n'),
  group: 'Troubleshooting and Debugging Commands',
  examples: [
    { description: 'Create an interactive debugging session in pod mypod and immediately attach to it.', command: `${BINARY_NAME} debug mypod -it --image=busybox`, notRunnable: 'interactive' },
    { description: 'Create an interactive debugging session for the pod in the file pod.yaml and immediately attach to it.\n(requires the EphemeralContainers feature to be enabled in the cluster)', command: `${BINARY_NAME} debug -f pod.yaml -it --image=busybox`, notRunnable: 'interactive; needs pod.yaml' },
    { description: 'Create a debug container named debugger using a custom automated debugging image.', command: `${BINARY_NAME} debug --image=myproj/debug-tools -c debugger mypod`, notRunnable: 'needs a running pod mypod' },
    { description: 'Create a copy of mypod adding a debug container and attach to it', command: `${BINARY_NAME} debug mypod -it --image=busybox --copy-to=my-debugger`, notRunnable: 'interactive' },
    { description: 'Create a copy of mypod changing the command of mycontainer', command: `${BINARY_NAME} debug mypod -it --copy-to=my-debugger --container=mycontainer -- sh`, notRunnable: 'interactive' },
    { description: 'Create a copy of mypod changing all container images to busybox', command: `${BINARY_NAME} debug mypod --copy-to=my-debugger --set-image=*=busybox`, notRunnable: 'needs a pod mypod' },
    { description: 'Create a copy of mypod adding a debug container and changing container images', command: `${BINARY_NAME} debug mypod -it --copy-to=my-debugger --image=debian --set-image=app=app:debug,sidecar=sidecar:debug`, notRunnable: 'interactive' },
    { description: "Create an interactive debugging session on a node and immediately attach to it.\nThe container will run in the host namespaces and the host's filesystem will be mounted at /host", command: `${BINARY_NAME} debug node/mynode -it --image=busybox`, notRunnable: 'interactive' },
  ],
  flags: [
    { name: 'arguments-only', type: 'bool', default: false, description: 'If specified, everything after -- will be passed to the new container as Args instead of Command.' },
    { name: 'attach', type: 'bool', default: false, description: `If true, wait for the container to start running, and then attach as if '${BINARY_NAME} attach ...' were called.  Default false, unless '-i/--stdin' is set, in which case the default is true.` },
    { name: 'container', short: 'c', type: 'string', default: '', description: 'Container name to use for debug container.' },
    { name: 'copy-to', type: 'string', default: '', description: 'Create a copy of the target Pod with this name.' },
    { name: 'custom', type: 'string', default: '', description: 'Path to a JSON or YAML file containing a partial container spec to customize built-in debug profiles.', complete: { kind: 'file', extensions: ['json', 'yaml', 'yml'] } },
    { name: 'env', type: 'stringSlice', default: [], description: 'Environment variables to set in the container.' },
    filenameFlag('identifying the resource to debug'),
    { name: 'image', type: 'string', default: '', description: 'Container image to use for debug container.' },
    { name: 'image-pull-policy', type: 'string', default: '', description: 'The image pull policy for the container. If left empty, this value will not be specified by the client and defaulted by the server.', complete: { kind: 'values', values: ['Always', 'IfNotPresent', 'Never'] } },
    { name: 'keep-annotations', type: 'bool', default: false, description: `If true, keep the original pod annotations.${ONLY_COPY}` },
    { name: 'keep-init-containers', type: 'bool', default: true, description: `Run the init containers for the pod. Defaults to true.${ONLY_COPY}` },
    { name: 'keep-labels', type: 'bool', default: false, description: `If true, keep the original pod labels.${ONLY_COPY}` },
    { name: 'keep-liveness', type: 'bool', default: false, description: `If true, keep the original pod liveness probes.${ONLY_COPY}` },
    { name: 'keep-readiness', type: 'bool', default: false, description: `If true, keep the original pod readiness probes.${ONLY_COPY}` },
    { name: 'keep-startup', type: 'bool', default: false, description: `If true, keep the original startup probes.${ONLY_COPY}` },
    { name: 'profile', type: 'string', default: 'legacy', description: 'Options are "legacy", "general", "baseline", "netadmin", "restricted" or "sysadmin".', complete: { kind: 'values', values: ['legacy', 'general', 'baseline', 'netadmin', 'restricted', 'sysadmin'] } },
    { name: 'quiet', short: 'q', type: 'bool', default: false, description: 'If true, suppress informational messages.' },
    { name: 'replace', type: 'bool', default: false, description: "When used with '--copy-to', delete the original Pod." },
    { name: 'same-node', type: 'bool', default: false, description: "When used with '--copy-to', schedule the copy of target Pod on the same node." },
    { name: 'set-image', type: 'stringSlice', default: [], description: `When used with '--copy-to', a list of name=image pairs for changing container images, similar to how '${BINARY_NAME} set image' works.` },
    { name: 'share-processes', type: 'bool', default: true, description: "When used with '--copy-to', enable process namespace sharing in the copy." },
    { name: 'stdin', short: 'i', type: 'bool', default: false, description: 'Keep stdin open on the container(s) in the pod, even if nothing is attached.' },
    { name: 'target', type: 'string', default: '', description: 'When using an ephemeral container, target processes in this container name.' },
    { name: 'tty', short: 't', type: 'bool', default: false, description: 'Allocate a TTY for the debugging container.' },
  ],
  args: 'resource-names-of-first-arg',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
