/** `platformctl cp`: copy files and directories to and from containers (tar over exec). */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { CONTAINER_FLAG } from '../../pods/session-flags.js';

/** `platformctl cp`. */
export const spec = defineCommand({
  name: 'cp',
  usage: '<file-spec-src> <file-spec-dest>',
  summary: 'Copy files and directories to and from containers',
  description: 'Copy files and directories to and from containers.',
  group: 'Advanced Commands',
  examples: [
    { description: "!!!Important Note!!!\nRequires that the 'tar' binary is present in your container\nimage.  If 'tar' is not present, 'platformctl cp' will fail.\n\nFor advanced use cases, such as symlinks, wildcard expansion or\nfile mode preservation, consider using 'platformctl exec'.\n\nCopy /tmp/foo local file to /tmp/bar in a remote pod in namespace <some-namespace>", command: `tar cf - /tmp/foo | ${BINARY_NAME} exec -i -n <some-namespace> <some-pod> -- tar xf - -C /tmp/bar`, notRunnable: 'a shell pipeline' },
    { description: 'Copy /tmp/foo from a remote pod to /tmp/bar locally', command: `${BINARY_NAME} exec -n <some-namespace> <some-pod> -- tar cf - /tmp/foo | tar xf - -C /tmp/bar`, notRunnable: 'a shell pipeline' },
    { description: 'Copy /tmp/foo_dir local directory to /tmp/bar_dir in a remote pod in the default namespace', command: `${BINARY_NAME} cp /tmp/foo_dir <some-pod>:/tmp/bar_dir`, notRunnable: 'needs a running pod' },
    { description: 'Copy /tmp/foo local file to /tmp/bar in a remote pod in a specific container', command: `${BINARY_NAME} cp /tmp/foo <some-pod>:/tmp/bar -c <specific-container>`, notRunnable: 'needs a running pod' },
    { description: 'Copy /tmp/foo local file to /tmp/bar in a remote pod in namespace <some-namespace>', command: `${BINARY_NAME} cp /tmp/foo <some-namespace>/<some-pod>:/tmp/bar`, notRunnable: 'needs a running pod' },
    { description: 'Copy /tmp/foo from a remote pod to /tmp/bar locally', command: `${BINARY_NAME} cp <some-namespace>/<some-pod>:/tmp/foo /tmp/bar`, notRunnable: 'needs a running pod' },
  ],
  flags: [
    CONTAINER_FLAG,
    { name: 'no-preserve', type: 'bool', default: false, description: "The copied file/directory's ownership and permissions will not be preserved in the container" },
    { name: 'retries', type: 'int', default: 0, description: 'Set number of retries to complete a copy operation from a container. Specify 0 to disable or any negative value for infinite retrying. The default is 0 (no retry).' },
  ],
  args: 'files',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
