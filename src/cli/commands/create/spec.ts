/**
 * `platformctl create -f FILENAME` and the `create <kind> NAME` generators.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS } from '../../writes/object-output.js';
import { rawFlag } from '../../writes/raw-request.js';
import { VALIDATE_FLAG } from '../../writes/validate.js';
import { spec as bootstrapToken } from './bootstrap-token/spec.js';
import { spec as clusterrole } from './clusterrole/spec.js';
import { spec as clusterrolebinding } from './clusterrolebinding/spec.js';
import { spec as configmap } from './configmap/spec.js';
import { spec as cronjob } from './cronjob/spec.js';
import { spec as deployment } from './deployment/spec.js';
import { spec as ingress } from './ingress/spec.js';
import { spec as job } from './job/spec.js';
import { spec as namespace } from './namespace/spec.js';
import { spec as poddisruptionbudget } from './poddisruptionbudget/spec.js';
import { spec as priorityclass } from './priorityclass/spec.js';
import { spec as quota } from './quota/spec.js';
import { spec as role } from './role/spec.js';
import { spec as rolebinding } from './rolebinding/spec.js';
import { spec as secret } from './secret/spec.js';
import { spec as service } from './service/spec.js';
import { spec as serviceaccount } from './serviceaccount/spec.js';
import { spec as token } from './token/spec.js';
import { CREATE_FIELD_MANAGER_FLAG, SAVE_CONFIG_FLAG } from '../../resource-builders/generated.js';
import { RECORD_FLAG } from '../../flags/record.js';
import { SELECTOR_FLAG_EQUALITY_HELP } from '../../resource/selection.js';

/** `platformctl create`. */
export const spec = defineCommand({
  name: 'create',
  usage: '-f FILENAME [options]',
  summary: 'Create a resource from a file or from stdin',
  description: 'Create a resource from a file or from stdin.\n\n JSON and YAML formats are accepted. Namespaces and CustomResourceDefinitions are created first.',
  group: 'Basic Commands (Beginner)',
  examples: [
    { description: 'Create the objects in examples/team.yaml', command: `${BINARY_NAME} create -f ${examplePath('team.yaml')}` },
    { description: 'Create the objects in the JSON passed into stdin', command: `cat ${examplePath('configmap.json')} | ${BINARY_NAME} create -f -` },
    { description: 'Print the objects that would be created, without creating them', command: `${BINARY_NAME} create -f ${examplePath('team.yaml')} --dry-run=client -o yaml` },
  ],
  flags: [
    DRY_RUN_FLAG,
    { name: 'edit', type: 'bool', default: false, description: 'Edit the API resource before creating' },
    CREATE_FIELD_MANAGER_FLAG,
    filenameFlag('Filename, directory, or URL to files to use to create the resource'),
    kustomizeFlag('the'),
    ...OUTPUT_FLAGS,
    rawFlag('POST'),
    RECORD_FLAG,
    RECURSIVE_FLAG,
    SAVE_CONFIG_FLAG,
    SELECTOR_FLAG_EQUALITY_HELP,
    VALIDATE_FLAG,
    { name: 'windows-line-endings', type: 'bool', default: false, description: 'Only relevant if --edit=true. Defaults to the line ending native to your platform.' },
  ],
  args: 'none',
  subcommands: [
    bootstrapToken, clusterrole, clusterrolebinding, configmap, cronjob, deployment, ingress, job, namespace,
    poddisruptionbudget, priorityclass, quota, role, rolebinding, secret, service, serviceaccount, token,
  ],
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
