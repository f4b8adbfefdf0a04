/** `platformctl set serviceaccount`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { setFlags } from '../shared/set-command.js';
import { RECORD_FLAG } from '../../../flags/record.js';

/** `set serviceaccount`. */
export const spec = defineCommand({
  name: 'serviceaccount',
  aliases: ['sa'],
  usage: '(-f FILENAME | TYPE NAME) SERVICE_ACCOUNT',
  summary: 'Update the service account of a resource',
  description: [
    'Update the service account of pod template resources.',
    '',
    ' Possible resources (case insensitive) can be:',
    '',
    ' replicationcontroller (rc), deployment (deploy), daemonset (ds), job, replicaset (rs), statefulset',
  ].join('\n'),
  examples: [
    { description: "Set deployment web's service account to myapp", command: `${BINARY_NAME} set serviceaccount deployment web myapp` },
    { description: 'Print the result (in YAML format) of updated the service account from a local file, without hitting the API server', command: `${BINARY_NAME} set sa -f nginx-deployment.yaml myapp --local --dry-run=client -o yaml`, notRunnable: 'needs nginx-deployment.yaml' },
  ],
  flags: setFlags('serviceaccount', [RECORD_FLAG]),
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
