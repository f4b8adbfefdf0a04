/** `platformctl taint`: add, change or remove node taints. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { OUTPUT_FLAGS } from '../../writes/object-output.js';
import { VALIDATE_FLAG } from '../../writes/validate.js';
import { SELECTOR_FLAG_EQUALITY_HELP } from '../../resource/selection.js';

/** `platformctl taint`. */
export const spec = defineCommand({
  name: 'taint',
  usage: 'NODE NAME KEY_1=VAL_1:TAINT_EFFECT_1 ... KEY_N=VAL_N:TAINT_EFFECT_N',
  summary: 'Update the taints on one or more nodes',
  description: [
    'Update the taints on one or more nodes.',
    '',
    '  *  A taint consists of a key, value, and effect. As an argument here, it is expressed as key=value:effect.',
    '  *  The key must begin with a letter or number, and may contain letters, numbers, hyphens, dots, and underscores, up to 253 characters.',
    '  *  Optionally, the key can begin with a DNS subdomain prefix and a single \'/\', like example.com/my-app.',
    '  *  The value is optional. If given, it must begin with a letter or number, and may contain letters, numbers, hyphens, dots, and underscores, up to 63 characters.',
    '  *  The effect must be NoSchedule, PreferNoSchedule or NoExecute.',
    '  *  Currently taint can only apply to node.',
  ].join('\n'),
  group: 'Cluster Management Commands',
  examples: [
    { description: "Update node 'foo' with a taint with key 'dedicated' and value 'special-user' and effect 'NoSchedule'\nIf a taint with that key and effect already exists, its value is replaced as specified", command: `${BINARY_NAME} taint nodes foo dedicated=special-user:NoSchedule`, notRunnable: 'needs a node foo' },
    { description: "Remove from node 'foo' the taint with key 'dedicated' and effect 'NoSchedule' if one exists", command: `${BINARY_NAME} taint nodes foo dedicated:NoSchedule-`, notRunnable: 'needs a node foo' },
    { description: "Remove from node 'foo' all the taints with key 'dedicated'", command: `${BINARY_NAME} taint nodes foo dedicated-`, notRunnable: 'needs a node foo' },
    { description: "Add a taint with key 'dedicated' on nodes having label myLabel=X", command: `${BINARY_NAME} taint node -l myLabel=X  dedicated=foo:PreferNoSchedule`, notRunnable: 'needs a node labelled myLabel=X' },
    { description: "Add to node 'foo' a taint with key 'bar' and no value", command: `${BINARY_NAME} taint nodes foo bar:NoSchedule`, notRunnable: 'needs a node foo' },
  ],
  flags: [
    { name: 'all', type: 'bool', default: false, description: 'Select all nodes in the cluster' },
    DRY_RUN_FLAG,
    { name: 'field-manager', type: 'string', default: `${BINARY_NAME}-taint`, description: 'Name of the manager used to track field ownership.' },
    ...OUTPUT_FLAGS,
    { name: 'overwrite', type: 'bool', default: false, description: 'If true, allow taints to be overwritten, otherwise reject taint updates that overwrite existing taints.' },
    VALIDATE_FLAG,
    SELECTOR_FLAG_EQUALITY_HELP,
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
