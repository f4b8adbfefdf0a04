/** `platformctl set image`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { POD_TEMPLATE_KINDS_HELP, setFlags } from '../shared/set-command.js';
import { RECORD_FLAG } from '../../../flags/record.js';

/** `set image`. */
export const spec = defineCommand({
  name: 'image',
  usage: '(-f FILENAME | TYPE NAME) CONTAINER_NAME_1=CONTAINER_IMAGE_1 ... CONTAINER_NAME_N=CONTAINER_IMAGE_N',
  summary: 'Update the image of a pod template',
  description: [
    'Update existing container image(s) of resources.',
    '',
    ...POD_TEMPLATE_KINDS_HELP,
  ].join('\n'),
  examples: [
    { description: "Set a deployment's nginx container image to 'nginx:1.9.1', and its busybox container image to 'busybox'", command: `${BINARY_NAME} set image deployment/nginx busybox=busybox nginx=nginx:1.9.1`, notRunnable: 'needs a deployment nginx' },
    { description: "Update all deployments' and rc's nginx container's image to 'nginx:1.9.1'", command: `${BINARY_NAME} set image deployments,rc nginx=nginx:1.9.1 --all`, notRunnable: 'needs replication controllers' },
    { description: 'Update image of all containers of daemonset abc to \'nginx:1.9.1\'', command: `${BINARY_NAME} set image daemonset abc *=nginx:1.9.1`, notRunnable: 'needs a daemonset abc' },
    { description: 'Print result (in yaml format) of updating the web container image from a local file, without hitting the server', command: `${BINARY_NAME} set image -f path/to/file.yaml nginx=nginx:1.9.1 --local -o yaml`, notRunnable: 'needs path/to/file.yaml' },
    { description: "Set the web deployment's web container image", command: `${BINARY_NAME} set image deployment/web web=registry.example/web:2.0` },
  ],
  flags: setFlags('image', [RECORD_FLAG]),
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
