/** `platformctl attach`: attach to a process already running in a container. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { CONTAINER_FLAG, POD_RUNNING_TIMEOUT_FLAG, SESSION_FLAGS } from '../../pods/session-flags.js';

/** `platformctl attach`. */
export const spec = defineCommand({
  name: 'attach',
  usage: '(POD | TYPE/NAME) -c CONTAINER',
  summary: 'Attach to a running container',
  description: 'Attach to a process that is already running inside an existing container.',
  group: 'Troubleshooting and Debugging Commands',
  examples: [
    { description: 'Get output from running pod mypod; use the platformctl.platform.io/default-container annotation\nfor selecting the container to be attached or the first container in the pod will be chosen', command: `${BINARY_NAME} attach mypod`, notRunnable: 'streams until the container ends' },
    { description: 'Get output from ruby-container from pod mypod', command: `${BINARY_NAME} attach mypod -c ruby-container`, notRunnable: 'streams until the container ends' },
    { description: "Switch to raw terminal mode; sends stdin to 'bash' in ruby-container from pod mypod\nand sends stdout/stderr from 'bash' back to the client", command: `${BINARY_NAME} attach mypod -c ruby-container -i -t`, notRunnable: 'interactive' },
    { description: 'Get output from the first pod of a replica set named nginx', command: `${BINARY_NAME} attach rs/nginx`, notRunnable: 'needs a replica set' },
  ],
  flags: [
    CONTAINER_FLAG,
    POD_RUNNING_TIMEOUT_FLAG,
    ...SESSION_FLAGS,
  ],
  args: 'resource-names-of-first-arg',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
