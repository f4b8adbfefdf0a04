/**
 * `platformctl apply -f ...`: create or update objects from manifests, client-side (the
 * last-applied annotation and a three-way merge) or server-side, in dependency order and in
 * parallel, reporting every failure.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS } from '../../writes/object-output.js';
import { VALIDATE_FLAG } from '../../writes/validate.js';
import { CASCADE_FLAG, DELETION_WAIT_FLAGS, FORCE_FLAG, GRACE_PERIOD_FLAG } from '../delete/shared/delete-flags.js';
import { spec as editLastApplied } from './edit-last-applied/spec.js';
import { spec as setLastApplied } from './set-last-applied/spec.js';
import { spec as viewLastApplied } from './view-last-applied/spec.js';
import { RECORD_FLAG } from '../../flags/record.js';
import { SELECTOR_FLAG_EQUALITY_HELP } from '../../resource/selection.js';
import { APPLY_FIELD_MANAGER_FLAG, FORCE_CONFLICTS_FLAG, PRUNE_ALLOWLIST_FLAG, SERVER_SIDE_FLAG } from '../../flags/apply-flags.js';

/** `platformctl apply`. */
export const spec = defineCommand({
  name: 'apply',
  usage: '(-f FILENAME) [options]',
  summary: 'Apply a configuration to a resource by file name or stdin',
  description: [
    "Apply a configuration to a resource by file name or stdin. The resource name must be specified. This resource will be created if it doesn't exist yet. To use 'apply', always create the resource initially with either 'apply' or 'create --save-config'.",
    '',
    ' JSON and YAML formats are accepted.',
    '',
    ' Namespaces and CustomResourceDefinitions are applied first; objects of a kind defined by a CustomResourceDefinition of the same apply wait until the kind is served. The other objects are applied --concurrency at a time, results are printed in input order, every object is attempted and every failure is listed.',
    '',
    ' --prune deletes the objects that match the selector, were created by apply, and are not in the files; it is off by default.',
    '',
    ' --applyset=NAME --prune keeps the applied objects as one set (KEP-3659: a parent object whose labels and annotations list what the set may hold, and a label on each member), and prunes exactly the members a later apply of the set leaves out, of every kind, nothing else. Sets are shared with kubectl\'s --applyset: either tool may apply and prune the same set.',
  ].join('\n'),
  group: 'Advanced Commands',
  examples: [
    { description: 'Apply the configuration in examples/quickstart/', command: `${BINARY_NAME} apply -f ${examplePath('quickstart/')}` },
    { description: 'Apply resources from a directory containing kustomization.yaml - e.g. dir/kustomization.yaml', command: `${BINARY_NAME} apply -k ${examplePath('kustomize/overlays/production')}` },
    { description: 'Apply every manifest under a directory, recursively, server-side', command: `${BINARY_NAME} apply --server-side -R -f ${examplePath('quickstart/')}` },
    { description: 'Apply the JSON passed into stdin', command: `cat ${examplePath('configmap.json')} | ${BINARY_NAME} apply -f -` },
    { description: 'Show what would be sent, without sending it', command: `${BINARY_NAME} apply -f ${examplePath('quickstart/')} --dry-run=client -o yaml` },
    {
      description: 'Apply the configuration in examples/quickstart/ that matches label app=quickstart and delete all other resources that are not in the file and match label app=quickstart',
      command: `${BINARY_NAME} apply --prune -f ${examplePath('quickstart/')} -l app=quickstart`,
    },
    {
      description: 'Apply the configuration as the set "quickstart" (its parent a Secret in the namespace demo), deleting what earlier applies of the set made and the files no longer hold',
      command: `${BINARY_NAME} apply -n demo --applyset=quickstart --prune -f ${examplePath('quickstart/')}`,
    },
    {
      description: 'Apply the configuration and delete all the other config maps that are not in the file',
      command: `${BINARY_NAME} apply --prune -f ${examplePath('quickstart/')} --all --prune-allowlist=core/v1/ConfigMap`,
    },
  ],
  flags: [
    { name: 'all', type: 'bool', default: false, description: 'Select all resources in the namespace of the specified resource types.' },
    CASCADE_FLAG,
    { name: 'concurrency', type: 'int', default: 8, description: 'Number of objects applied at the same time. Results are still printed in input order.' },
    DRY_RUN_FLAG,
    APPLY_FIELD_MANAGER_FLAG,
    filenameFlag('The files that contain the configurations to apply.'),
    FORCE_FLAG,
    FORCE_CONFLICTS_FLAG,
    GRACE_PERIOD_FLAG,
    kustomizeFlag('a'),
    { name: 'openapi-patch', type: 'bool', default: true, description: 'If true, use openapi to calculate diff when the openapi presents and the resource can be found in the openapi spec. Otherwise, fall back to use baked-in types.' },
    ...OUTPUT_FLAGS,
    { name: 'overwrite', type: 'bool', default: true, description: 'Automatically resolve conflicts between the modified and live configuration by using values from the modified configuration' },
    { name: 'applyset', type: 'string', default: '', description: 'The name of the ApplySet that tracks which resources are being managed, for the purposes of determining what to prune. Live resources that are part of the ApplySet but have been removed from the provided configs will be deleted. Format: [RESOURCE][.GROUP]/NAME. A Secret will be used if no resource or group is specified. Requires --prune; the parent\'s namespace is --namespace\'s.' },
    { name: 'prune', type: 'bool', default: false, description: 'Automatically delete resource objects, that do not appear in the configs and are created by either apply or create --save-config. Should be used with either -l or --all.' },
    PRUNE_ALLOWLIST_FLAG,
    RECORD_FLAG,
    RECURSIVE_FLAG,
    SELECTOR_FLAG_EQUALITY_HELP,
    SERVER_SIDE_FLAG,
    { name: 'subresource', type: 'string', default: '', description: 'If specified, apply will operate on the subresource of the requested object.  Only allowed when using --server-side. This flag is beta and may change in the future.', complete: { kind: 'values', values: ['status', 'scale'] } },
    VALIDATE_FLAG,
    ...DELETION_WAIT_FLAGS,
  ],
  args: 'none',
  subcommands: [editLastApplied, setLastApplied, viewLastApplied],
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
