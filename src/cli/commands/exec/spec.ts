/** `platformctl exec`: run a command in a container. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { CONTAINER_FLAG, POD_RUNNING_TIMEOUT_FLAG, SESSION_FLAGS } from '../../pods/session-flags.js';

/** `platformctl exec`. */
export const spec = defineCommand({
  name: 'exec',
  usage: '(POD | TYPE/NAME) [-c CONTAINER] [flags] -- COMMAND [args...]',
  summary: 'Execute a command in a container',
  description: 'Execute a command in a container.',
  group: 'Troubleshooting and Debugging Commands',
  examples: [
    { description: "Get output from running the 'date' command from pod mypod, using the first container by default", command: `${BINARY_NAME} exec mypod -- date`, notRunnable: 'needs a running pod' },
    { description: "Get output from running the 'date' command in ruby-container from pod mypod", command: `${BINARY_NAME} exec mypod -c ruby-container -- date`, notRunnable: 'needs a running pod' },
    { description: "Switch to raw terminal mode; sends stdin to 'bash' in ruby-container from pod mypod\nand sends stdout/stderr from 'bash' back to the client", command: `${BINARY_NAME} exec mypod -c ruby-container -i -t -- bash -il`, notRunnable: 'interactive' },
    { description: "List contents of /usr from the first container of pod mypod and sort by modification time\nIf the command you want to execute in the pod shares flags with exec (e.g. -i),\nyou must use two dashes (--) to separate your command's flags/arguments\nAlso note, do not surround your command and its flags/arguments with quotes\nunless that is how you would execute it normally (i.e., do ls -t /usr, not \"ls -t /usr\")", command: `${BINARY_NAME} exec mypod -i -t -- ls -t /usr`, notRunnable: 'interactive' },
    { description: "Get output from running 'date' command from the first pod of the deployment mydeployment, using the first container by default", command: `${BINARY_NAME} exec deploy/mydeployment -- date`, notRunnable: 'needs a deployment' },
    { description: "Get output from running 'date' command from the first pod of the service myservice, using the first container by default", command: `${BINARY_NAME} exec svc/myservice -- date`, notRunnable: 'needs a service with pods' },
  ],
  flags: [
    CONTAINER_FLAG,
    { name: 'filename', short: 'f', type: 'stringSlice', default: [], description: 'to use to exec into the resource', complete: { kind: 'file', extensions: ['json', 'yaml', 'yml'] } },
    POD_RUNNING_TIMEOUT_FLAG,
    ...SESSION_FLAGS,
  ],
  args: 'resource-names-of-first-arg',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
