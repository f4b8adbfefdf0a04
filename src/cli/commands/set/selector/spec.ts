/** `platformctl set selector`. */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { setFlags } from '../shared/set-command.js';
import { RECORD_FLAG } from '../../../flags/record.js';

/** `set selector`. */
export const spec = defineCommand({
  name: 'selector',
  usage: '(-f FILENAME | TYPE NAME) EXPRESSIONS [--resource-version=version]',
  summary: 'Set the selector on a resource',
  description: [
    "Set the selector on a resource. Note that the new selector will overwrite the old selector if the resource had one prior to the invocation of 'set selector'.",
    '',
    ' A selector must begin with a letter or number, and may contain letters, numbers, hyphens, dots, and underscores, up to 63 characters. If --resource-version is specified, then updates will use this resource version, otherwise the existing resource-version will be used. Note: currently selectors can only be set on Service objects.',
  ].join('\n'),
  examples: [
    { description: 'Set the labels and selector before creating a deployment/service pair', command: `${BINARY_NAME} create service clusterip my-svc --clusterip="None" -o yaml --dry-run=client | ${BINARY_NAME} set selector --local -f - 'environment=qa' -o yaml | ${BINARY_NAME} create -f -`, notRunnable: 'needs create service (another command)' },
    { description: "Point the service web at the pods labelled app=web", command: `${BINARY_NAME} set selector service web app=web`, notRunnable: 'needs a service web' },
  ],
  flags: [
    ...setFlags('selector', [RECORD_FLAG]).filter((f) => f.name !== 'selector'),
    { name: 'resource-version', type: 'string', default: '', description: 'If non-empty, the selectors update will only succeed if this is the current resource-version for the object. Only valid when specifying a single resource.' },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
