/** `platformctl expose`: make a Service for a pod, deployment, replica set or service. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { OVERRIDE_TYPE_FLAG, OVERRIDES_FLAG } from '../run/overrides.js';
import { SAVE_CONFIG_FLAG } from '../../resource-builders/generated.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS } from '../../writes/object-output.js';
import { RECORD_FLAG } from '../../flags/record.js';

/** `platformctl expose`. */
export const spec = defineCommand({
  name: 'expose',
  usage: '(-f FILENAME | TYPE NAME) [--port=port] [--protocol=TCP|UDP|SCTP] [--target-port=number-or-name] [--name=name] [--external-ip=external-ip-of-service] [--type=type]',
  summary: 'Take a replication controller, service, deployment or pod and expose it as a new service',
  description: [
    'Expose a resource as a new service.',
    '',
    ' Looks up a deployment, service, replica set, replication controller or pod by name and uses the selector for that resource as the selector for a new service on the specified port. A deployment or replica set will be exposed as a service only if its selector is convertible to a selector that service supports, i.e. when the selector contains only the matchLabels component. Note that if no port is specified via --port and the exposed resource has multiple ports, all will be re-used by the new service. Also if no labels are specified, the new service will re-use the labels from the resource it exposes.',
    '',
    ' Possible resources include (case insensitive):',
    '',
    ' pod (po), service (svc), replicationcontroller (rc), deployment (deploy), replicaset (rs)',
  ].join('\n'),
  group: 'Basic Commands (Beginner)',
  examples: [
    { description: 'Create a service for a replicated nginx, which serves on port 80 and connects to the containers on port 8000', command: `${BINARY_NAME} expose rc nginx --port=80 --target-port=8000`, notRunnable: 'needs a replication controller nginx' },
    { description: 'Create a service for a deployment web, which serves on port 8080 and connects to the containers on port 80', command: `${BINARY_NAME} expose deployment web --port=8080 --target-port=80` },
    { description: 'Create a second service based on the above service, exposing the container port 8443 as port 443 with the name "web-https"', command: `${BINARY_NAME} expose service web --port=443 --target-port=8443 --name=web-https`, notRunnable: 'needs a service web' },
    { description: 'Create a service for an nginx deployment, which serves on port 80 and connects to the containers on port 8000', command: `${BINARY_NAME} expose deployment nginx --port=80 --target-port=8000`, notRunnable: 'needs a deployment nginx' },
  ],
  flags: [
    RECORD_FLAG,
    { name: 'cluster-ip', type: 'string', default: '', description: "ClusterIP to be assigned to the service. Leave empty to auto-allocate, or set to 'None' to create a headless service." },
    DRY_RUN_FLAG,
    { name: 'external-ip', type: 'string', default: '', description: 'Additional external IP address (not managed by the cluster) to accept for the service. If this IP is routed to a node, the service can be accessed by this IP in addition to its generated service IP.' },
    { name: 'field-manager', type: 'string', default: `${BINARY_NAME}-expose`, description: 'Name of the manager used to track field ownership.' },
    filenameFlag('Filename, directory, or URL to files identifying the resource to expose a service'),
    kustomizeFlag(),
    { name: 'labels', short: 'l', type: 'string', default: '', description: 'Labels to apply to the service created by this call.' },
    { name: 'load-balancer-ip', type: 'string', default: '', description: 'IP to assign to the LoadBalancer. If empty, an ephemeral IP will be created and used (cloud-provider specific).' },
    { name: 'name', type: 'string', default: '', description: 'The name for the newly created object.' },
    OVERRIDES_FLAG,
    OVERRIDE_TYPE_FLAG,
    SAVE_CONFIG_FLAG,
    ...OUTPUT_FLAGS,
    { name: 'port', type: 'string', default: '', description: 'The port that the service should serve on. Copied from the resource being exposed, if unspecified' },
    { name: 'protocol', type: 'string', default: '', description: "The network protocol for the service to be created. Default is 'TCP'." },
    RECURSIVE_FLAG,
    { name: 'selector', type: 'string', default: '', description: 'A label selector to use for this service. Only equality-based selector requirements are supported. If empty (the default) infer the selector from the replication controller or replica set.)' },
    { name: 'session-affinity', type: 'string', default: '', description: "If non-empty, set the session affinity for the service to this; legal values: 'None', 'ClientIP'" },
    { name: 'target-port', type: 'string', default: '', description: 'Name or number for the port on the container that the service should direct traffic to. Optional.' },
    { name: 'type', type: 'string', default: '', description: "Type for this service: ClusterIP, NodePort, LoadBalancer, or ExternalName. Default is 'ClusterIP'." },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
