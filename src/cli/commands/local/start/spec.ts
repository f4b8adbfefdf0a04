import { BINARY_NAME, HOME_DIR_NAME, LOCAL_DIR_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { authzFlags } from './flags-authz.js';
import { authnFlags } from './flags-authn.js';
import { admissionFlags } from './flags-admission.js';
import { certificatesFlags } from './flags-certificates.js';
import { nodeFlags } from './flags-node.js';
import { storageFlags } from './flags-storage.js';

/** `platformctl local start`. */
export const spec = defineCommand({
  name: 'start',
  usage: '[--port N] [--data-dir DIR] [--foreground] [options]',
  summary: 'Start the local API server',
  description: [
    'Start the local API server on 127.0.0.1 over HTTPS. On the first start it generates a CA, a serving certificate and an admin token in the data directory; later starts reuse them and the stored state.',
    '',
    `The command writes a "local" cluster, user and context into the config file and makes the context current, then prints the server URL. Unless --foreground is given, the server runs in the background; stop it with "${BINARY_NAME} local stop". Starting it again while it runs reports the running server.`,
    '',
    'The server is a one-node cluster: a scheduler, workload controllers and a node agent for the node "local" whose process runtime runs each container\'s command and arguments as a child process of the server, as the user who started it. Images are not pulled; a container with neither a command nor args does not start (its status says so). Each pod gets its own address in 127.1.0.0/16 as status.podIP. Stopping the server stops every pod process; starting it again restarts them.',
    '',
    'Security: with the process runtime, creating a pod is exactly as powerful as running a command as the user who started the server, so whoever RBAC allows to create pods (or anything that creates pods) can run commands as that user. The runtime is on by default only while the server accepts nothing but the local admin token; with other authentication configured it stays off unless --node-runtime=process is given. --node-runtime=none runs no node at all: no node is registered (nothing re-creates one), and pods are scheduled onto the nodes you register, where nothing runs them.',
  ].join('\n'),
  examples: [
    { description: 'Start the server in the background', command: `${BINARY_NAME} local start`, notRunnable: 'starts a background process' },
    { description: 'Start it on port 6443 with state in ./state, in the foreground (Ctrl-C stops it)', command: `${BINARY_NAME} local start --port 6443 --data-dir ./state --foreground`, notRunnable: 'runs until interrupted' },
  ],
  flags: [
    { name: 'port', type: 'int', default: 0, description: 'Port to listen on (0: the port of the previous start if free, else any free port).' },
    { name: 'data-dir', type: 'string', default: '', description: `Directory of the server's state, CA and token (default ~/${HOME_DIR_NAME}/${LOCAL_DIR_NAME}).`, complete: { kind: 'dir' } },
    { name: 'foreground', type: 'bool', default: false, description: 'Run the server in this process until interrupted instead of in the background.' },
    ...authzFlags,
    ...authnFlags,
    ...admissionFlags,
    ...certificatesFlags,
    ...nodeFlags,
    ...storageFlags,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
