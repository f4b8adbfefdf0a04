/**
 * `platformctl diff -f ...`: what an apply would change, as a unified diff of YAML.
 */
import { BINARY_NAME, EXTERNAL_DIFF_ENV } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { SELECTOR_FLAG_EQUALITY_HELP } from '../../resource/selection.js';
import { APPLY_FIELD_MANAGER_FLAG, FORCE_CONFLICTS_FLAG, PRUNE_ALLOWLIST_FLAG, SERVER_SIDE_FLAG } from '../../flags/apply-flags.js';

/** `platformctl diff`. */
export const spec = defineCommand({
  name: 'diff',
  usage: '-f FILENAME [options]',
  summary: 'Diff the live version against a would-be applied version',
  description: [
    'Diff configurations specified by file name or stdin between the current online configuration, and the configuration as it would be if applied.',
    '',
    ' The output is always YAML. managedFields, generation and resourceVersion are left out, and the values of Secrets are masked.',
    '',
    ` ${EXTERNAL_DIFF_ENV} environment variable can be used to select your own diff command. Users can use external commands with params too, example: ${EXTERNAL_DIFF_ENV}="colordiff -N -u". The command is run with two directories holding the live and the merged objects.`,
    '',
    ' By default, the diff is computed in-process and printed in the format of "diff -u -N".',
    '',
    ' Exit status: 0 No differences were found. 1 Differences were found. >1 platformctl or diff failed with an error.',
    '',
    ` Note: ${EXTERNAL_DIFF_ENV}, if used, is expected to follow that convention.`,
  ].join('\n'),
  group: 'Advanced Commands',
  examples: [
    { description: 'Diff resources included in examples/quickstart/', command: `${BINARY_NAME} diff -f ${examplePath('quickstart/')}`, notRunnable: 'exits 1 when there are differences' },
    { description: 'Diff file read from stdin', command: `cat ${examplePath('quickstart/app.yaml')} | ${BINARY_NAME} diff -f -`, notRunnable: 'exits 1 when there are differences' },
    { description: 'Diff a directory as server-side apply would change it', command: `${BINARY_NAME} diff --server-side -R -f ${examplePath('')}`, notRunnable: 'exits 1 when there are differences' },
  ],
  flags: [
    { name: 'concurrency', type: 'int', default: 8, description: 'Number of objects to process in parallel when diffing against the live version.' },
    APPLY_FIELD_MANAGER_FLAG,
    filenameFlag('Filename, directory, or URL to files contains the configuration to diff'),
    FORCE_CONFLICTS_FLAG,
    kustomizeFlag('the'),
    { name: 'applyset', type: 'string', default: '', description: 'With --prune: show the members of this ApplySet that apply --applyset would delete (Format: [RESOURCE][.GROUP]/NAME; a Secret without RESOURCE; its namespace is --namespace\'s).' },
    { name: 'ignore-path', type: 'stringArray', default: [], description: "A field to leave out of the comparison, as a JSONPath (.status, .metadata.annotations['sidecar.example.io/status'], .spec.template.spec.containers[?(@.name==\"proxy\")]). Repeat the flag for several." },
    { name: 'prune', type: 'bool', default: false, description: 'Include resources that would be deleted by pruning. Can be used with -l and default shows all resources would be pruned' },
    PRUNE_ALLOWLIST_FLAG,
    RECURSIVE_FLAG,
    SELECTOR_FLAG_EQUALITY_HELP,
    SERVER_SIDE_FLAG,
    { name: 'show-managed-fields', type: 'bool', default: false, description: 'If true, include managed fields in the diff.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
