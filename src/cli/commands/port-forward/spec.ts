/** `platformctl port-forward`: forward local ports to a pod. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { POD_RUNNING_TIMEOUT_FLAG } from '../../pods/session-flags.js';

/** `platformctl port-forward`. */
export const spec = defineCommand({
  name: 'port-forward',
  usage: 'TYPE/NAME [options] [LOCAL_PORT:]REMOTE_PORT [...[LOCAL_PORT_N:]REMOTE_PORT_N]',
  summary: 'Forward one or more local ports to a pod',
  description: [
    'Forward one or more local ports to a pod.',
    '',
    " Use resource type/name such as deployment/mydeployment to select a pod. Resource type defaults to 'pod' if omitted.",
    '',
    ' If there are multiple pods matching the criteria, a pod will be selected automatically. For a service or workload the forward heals: when the selected pod goes away (deleted, terminating or no longer ready), new connections go to another ready pod of the same target and the local ports stay open; connections open on the old pod end with it. A pod forwarded to by name ends the session when it terminates, unless --follow-owner is given.',
  ].join('\n'),
  group: 'Troubleshooting and Debugging Commands',
  examples: [
    { description: 'Listen on ports 5000 and 6000 locally, forwarding data to/from ports 5000 and 6000 in the pod', command: `${BINARY_NAME} port-forward pod/mypod 5000 6000`, notRunnable: 'runs until interrupted' },
    { description: 'Listen on ports 5000 and 6000 locally, forwarding data to/from ports 5000 and 6000 in a pod selected by the deployment', command: `${BINARY_NAME} port-forward deployment/mydeployment 5000 6000`, notRunnable: 'runs until interrupted' },
    { description: 'Listen on port 8443 locally, forwarding to the targetPort of the service\'s port named "https" in a pod selected by the service', command: `${BINARY_NAME} port-forward service/myservice 8443:https`, notRunnable: 'runs until interrupted' },
    { description: 'Listen on port 8888 locally, forwarding to 5000 in the pod', command: `${BINARY_NAME} port-forward pod/mypod 8888:5000`, notRunnable: 'runs until interrupted' },
    { description: 'Listen on port 8888 on all addresses, forwarding to 5000 in the pod', command: `${BINARY_NAME} port-forward --address 0.0.0.0 pod/mypod 8888:5000`, notRunnable: 'runs until interrupted' },
    { description: 'Listen on port 8888 on localhost and selected IP, forwarding to 5000 in the pod', command: `${BINARY_NAME} port-forward --address localhost,10.19.21.23 pod/mypod 8888:5000`, notRunnable: 'runs until interrupted' },
    { description: 'Listen on a random port locally, forwarding to 5000 in the pod', command: `${BINARY_NAME} port-forward pod/mypod :5000`, notRunnable: 'runs until interrupted' },
    { description: 'Forward to a pod, and to the next pod of its Deployment when it is replaced (a rollout, a crash)', command: `${BINARY_NAME} port-forward --follow-owner pod/web-7d9f8-x2x4k 8080`, notRunnable: 'runs until interrupted' },
  ],
  flags: [
    { name: 'address', type: 'stringSlice', default: ['localhost'], description: 'Addresses to listen on (comma separated). Only accepts IP addresses or localhost as a value. When localhost is supplied, platformctl will try to bind on both 127.0.0.1 and ::1 and will fail if neither of these addresses are available to bind.' },
    { name: 'follow-owner', type: 'bool', default: false, description: 'For a pod: when it goes away, go on with another pod of the workload that controls it (its Deployment, StatefulSet, DaemonSet, Job...), as a service or workload forward does' },
    POD_RUNNING_TIMEOUT_FLAG,
  ],
  args: 'resource-names-of-first-arg',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
