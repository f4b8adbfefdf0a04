/** `platformctl drain NODE`. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { SELECTOR_FLAG_EQUALITY_HELP } from '../../resource/selection.js';
import { CHUNK_SIZE_FLAG } from '../../flags/chunk-size.js';

/** `platformctl drain`. */
export const spec = defineCommand({
  name: 'drain',
  usage: 'NODE',
  summary: 'Drain node in preparation for maintenance',
  description: [
    'Drain node in preparation for maintenance.',
    '',
    " The given node will be marked unschedulable to prevent new pods from arriving. 'drain' evicts the pods if the API server supports eviction. Otherwise, it will use normal DELETE to delete the pods. The 'drain' evicts or deletes all pods except mirror pods (which cannot be deleted through the API server).  If there are daemon set-managed pods, drain will not proceed without --ignore-daemonsets, and regardless it will not delete any daemon set-managed pods, because those pods would be immediately replaced by the daemon set controller, which ignores unschedulable markings.  If there are any pods that are neither mirror pods nor managed by a replication controller, replica set, daemon set, stateful set, or job, then drain will not delete any pods unless you use --force.  --force will also allow deletion to proceed if the managing resource of one or more pods is missing.",
    '',
    " 'drain' waits for graceful termination. You should not operate on the machine until the command completes.",
    '',
    ` When you are ready to put the node back into service, use ${BINARY_NAME} uncordon, which will make the node schedulable again.`,
  ].join('\n'),
  group: 'Cluster Management Commands',
  examples: [
    { description: 'Drain node "foo", even if there are pods not managed by a replication controller, replica set, job, daemon set, or stateful set on it', command: `${BINARY_NAME} drain foo --force`, notRunnable: 'needs a node foo' },
    { description: 'As above, but abort if there are pods not managed by a replication controller, replica set, job, daemon set, or stateful set, and use a grace period of 15 minutes', command: `${BINARY_NAME} drain foo --grace-period=900`, notRunnable: 'needs a node foo' },
  ],
  flags: [
    CHUNK_SIZE_FLAG,
    { name: 'delete-emptydir-data', type: 'bool', default: false, description: 'Continue even if there are pods using emptyDir (local data that will be deleted when the node is drained).' },
    { name: 'disable-eviction', type: 'bool', default: false, description: 'Force drain to use delete, even if eviction is supported. This will bypass checking PodDisruptionBudgets, use with caution.' },
    DRY_RUN_FLAG,
    { name: 'force', type: 'bool', default: false, description: 'Continue even if there are pods that do not declare a controller.' },
    { name: 'grace-period', type: 'int', default: -1, description: 'Period of time in seconds given to each pod to terminate gracefully. If negative, the default value specified in the pod will be used.' },
    { name: 'ignore-daemonsets', type: 'bool', default: false, description: 'Ignore DaemonSet-managed pods.' },
    { name: 'pod-selector', type: 'string', default: '', description: 'Label selector to filter pods on the node' },
    SELECTOR_FLAG_EQUALITY_HELP,
    { name: 'skip-wait-for-delete-timeout', type: 'int', default: 0, description: 'If pod DeletionTimestamp older than N seconds, skip waiting for the pod.  Seconds must be greater than 0 to skip.' },
    { name: 'timeout', type: 'duration', default: '0s', description: 'The length of time to wait before giving up, zero means infinite' },
  ],
  args: { kind: 'values', values: [] },
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
