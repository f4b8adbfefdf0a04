/**
 * `platformctl auth reconcile -f FILENAME`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { examplePath } from '../../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../../writes/dry-run.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS } from '../../../writes/object-output.js';

/** `auth reconcile`. */
export const spec = defineCommand({
  name: 'reconcile',
  usage: '-f FILENAME [options]',
  summary: 'Reconciles rules for RBAC role, role binding, cluster role, and cluster role binding objects',
  description: [
    'Reconciles rules for RBAC role, role binding, cluster role, and cluster role binding objects.',
    '',
    ' Missing objects are created, and the containing namespace is created for namespaced objects, if required.',
    '',
    ' Existing roles are updated to include the permissions in the input objects, and remove extra permissions if --remove-extra-permissions is specified.',
    '',
    ' Existing bindings are updated to include the subjects in the input objects, and remove extra subjects if --remove-extra-subjects is specified.',
    '',
    " This is preferred to 'apply' for RBAC resources so that semantically-aware merging of rules and subjects is done.",
  ].join('\n'),
  examples: [{ description: 'Reconcile RBAC resources from a file', command: `${BINARY_NAME} auth reconcile -f ${examplePath('rbac.yaml')}` }],
  flags: [
    DRY_RUN_FLAG,
    filenameFlag('Filename, directory, or URL to files identifying the resource to reconcile.'),
    kustomizeFlag('a'),
    ...OUTPUT_FLAGS,
    RECURSIVE_FLAG,
    { name: 'remove-extra-permissions', type: 'bool', default: false, description: 'If true, removes extra permissions added to roles' },
    { name: 'remove-extra-subjects', type: 'bool', default: false, description: 'If true, removes extra subjects added to rolebindings' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
