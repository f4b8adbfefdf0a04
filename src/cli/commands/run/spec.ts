/** `platformctl run NAME --image=IMAGE [-- COMMAND [ARGS...]]`: create a pod. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { OVERRIDE_TYPE_FLAG, OVERRIDES_FLAG } from './overrides.js';
import { SAVE_CONFIG_FLAG } from '../../resource-builders/generated.js';
import { CASCADE_FLAG, DELETION_WAIT_FLAGS, FORCE_FLAG, GRACE_PERIOD_FLAG } from '../delete/shared/delete-flags.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { POD_RUNNING_TIMEOUT_FLAG } from '../../pods/session-flags.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { OUTPUT_FLAGS } from '../../writes/object-output.js';
import { RECORD_FLAG } from '../../flags/record.js';

/** `platformctl run`. */
export const spec = defineCommand({
  name: 'run',
  usage: 'NAME --image=image [--env="key=value"] [--port=port] [--dry-run=server|client] [--overrides=inline-json] [--command] -- [COMMAND] [args...]',
  summary: 'Run a particular image on the cluster',
  description: 'Create and run a particular image in a pod.',
  group: 'Basic Commands (Beginner)',
  examples: [
    { description: 'Start a nginx pod', command: `${BINARY_NAME} run nginx --image=nginx` },
    { description: 'Start a hazelcast pod and let the container expose port 5701', command: `${BINARY_NAME} run hazelcast --image=hazelcast/hazelcast --port=5701` },
    { description: 'Start a hazelcast pod and set environment variables "DNS_DOMAIN=cluster" and "POD_NAMESPACE=default" in the container', command: `${BINARY_NAME} run hazelcast-env --image=hazelcast/hazelcast --env="DNS_DOMAIN=cluster" --env="POD_NAMESPACE=default"` },
    { description: 'Start a hazelcast pod and set labels "app=hazelcast" and "env=prod" in the container', command: `${BINARY_NAME} run hazelcast-labels --image=hazelcast/hazelcast --labels="app=hazelcast,env=prod"` },
    { description: 'Dry run; print the corresponding API objects without creating them', command: `${BINARY_NAME} run nginx --image=nginx --dry-run=client` },
    { description: 'Start a nginx pod, but overload the spec with a partial set of values parsed from JSON', command: `${BINARY_NAME} run nginx --image=nginx --overrides='{ "apiVersion": "v1", "spec": { ... } }'`, notRunnable: 'the overrides are a placeholder' },
    { description: 'Start the nginx pod using the default command, but use custom arguments (arg1 .. argN) for that command', command: `${BINARY_NAME} run nginx-args --image=nginx -- arg1 arg2 ... argN` },
    { description: 'Start the nginx pod using a different command and custom arguments', command: `${BINARY_NAME} run nginx-command --image=nginx --command -- cmd arg1 ... argN` },
  ],
  flags: [
    RECORD_FLAG,
    { name: 'annotations', type: 'stringArray', default: [], description: 'Annotations to apply to the pod.' },
    { name: 'attach', type: 'bool', default: false, description: "If true, wait for the Pod to start running, and then attach to the Pod as if 'platformctl attach ...' were called.  Default false, unless '-i/--stdin' is set, in which case the default is true. With '--restart=Never' the exit code of the container process is returned." },
    { name: 'command', type: 'bool', default: false, description: "If true and extra arguments are present, use them as the 'command' field in the container, rather than the 'args' field which is the default." },
    DRY_RUN_FLAG,
    { name: 'env', type: 'stringArray', default: [], description: 'Environment variables to set in the container.' },
    { name: 'expose', type: 'bool', default: false, description: 'If true, create a ClusterIP service associated with the pod.  Requires `--port`.' },
    { name: 'field-manager', type: 'string', default: `${BINARY_NAME}-run`, description: 'Name of the manager used to track field ownership.' },
    { name: 'image', type: 'string', default: '', description: 'The image for the container to run.' },
    { name: 'image-pull-policy', type: 'string', default: '', description: 'The image pull policy for the container.  If left empty, this value will not be specified by the client and defaulted by the server.' },
    { name: 'labels', short: 'l', type: 'string', default: '', description: 'Comma separated labels to apply to the pod. Will override previous values.' },
    ...OUTPUT_FLAGS,
    OVERRIDES_FLAG,
    CASCADE_FLAG,
    filenameFlag('to use to replace the resource.'),
    FORCE_FLAG,
    GRACE_PERIOD_FLAG,
    kustomizeFlag('a'),
    { name: 'leave-stdin-open', type: 'bool', default: false, description: 'If the pod is started in interactive mode or with stdin, leave stdin open after the first attach completes. By default, stdin will be closed after the first attach completes.' },
    POD_RUNNING_TIMEOUT_FLAG,
    RECURSIVE_FLAG,
    ...DELETION_WAIT_FLAGS,
    OVERRIDE_TYPE_FLAG,
    SAVE_CONFIG_FLAG,
    { name: 'port', type: 'string', default: '', description: 'The port that this container exposes.' },
    { name: 'privileged', type: 'bool', default: false, description: 'If true, run the container in privileged mode.' },
    { name: 'quiet', short: 'q', type: 'bool', default: false, description: 'If true, suppress prompt messages.' },
    { name: 'restart', type: 'string', default: 'Always', description: 'The restart policy for this Pod.  Legal values [Always, OnFailure, Never].' },
    { name: 'rm', type: 'bool', default: false, description: "If true, delete the pod after it exits.  Only valid when attaching to the container, e.g. with '--attach' or with '-i/--stdin'." },
    { name: 'stdin', short: 'i', type: 'bool', default: false, description: 'Keep stdin open on the container in the pod, even if nothing is attached.' },
    { name: 'tty', short: 't', type: 'bool', default: false, description: 'Allocate a TTY for the container in the pod.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
