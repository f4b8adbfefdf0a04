/**
 * `platformctl create deployment NAME --image=image [-- COMMAND [args...]]`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';

/** `create deployment`. */
export const spec = defineCommand({
  name: 'deployment',
  aliases: ['deploy'],
  usage: 'NAME --image=image -- [COMMAND] [args...] [options]',
  summary: 'Create a deployment with the specified name',
  description: 'Create a deployment with the specified name.',
  examples: [
    { description: 'Create a deployment named my-dep that runs the busybox image', command: `${BINARY_NAME} create deployment my-dep --image=busybox` },
    { description: 'Create a deployment with a command', command: `${BINARY_NAME} create deployment my-dep-date --image=busybox -- date` },
    { description: 'Create a deployment named my-dep-nginx that runs the nginx image with 3 replicas', command: `${BINARY_NAME} create deployment my-dep-nginx --image=nginx --replicas=3` },
    { description: 'Create a deployment named my-dep-port that runs the busybox image and expose port 5701', command: `${BINARY_NAME} create deployment my-dep-port --image=busybox --port=5701` },
    { description: 'Create a deployment named my-dep-multi that runs multiple containers', command: `${BINARY_NAME} create deployment my-dep-multi --image=busybox:latest --image=ubuntu:latest --image=nginx` },
  ],
  flags: [
    ...GENERATOR_FLAGS,
    { name: 'image', type: 'stringSlice', default: [], description: 'Image names to run. A deployment can have multiple images set for multi-container pod.' },
    { name: 'port', type: 'int', default: -1, description: 'The containerPort that this deployment exposes.' },
    { name: 'replicas', short: 'r', type: 'int', default: 1, description: 'Number of replicas to create. Default is 1.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
