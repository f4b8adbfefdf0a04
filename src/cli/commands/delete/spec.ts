/**
 * `platformctl delete`: delete objects named by manifests, by type and name, or by selector, and
 * (by default) wait until they are gone.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { DRY_RUN_FLAG } from '../../writes/dry-run.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { rawFlag } from '../../writes/raw-request.js';
import { CASCADE_FLAG, DELETION_TIMEOUT_FLAG, FORCE_FLAG, GRACE_PERIOD_FLAG, NOW_FLAG } from './shared/delete-flags.js';
import { ALL_NAMESPACES_FLAG, FIELD_SELECTOR_FLAG, SELECTOR_FLAG_EQUALITY_HELP } from '../../resource/selection.js';

/** `platformctl delete`. */
export const spec = defineCommand({
  name: 'delete',
  usage: '([-f FILENAME] | TYPE [(NAME | -l label | --all)]) [options]',
  summary: 'Delete resources by file names, stdin, resources and names, or by resources and label selector',
  description: [
    'Delete resources by file names, stdin, resources and names, or by resources and label selector.',
    '',
    ' JSON and YAML formats are accepted. Only one type of argument may be specified: file names, resources and names, or resources and label selector.',
    '',
    ' Some resources, such as pods, support graceful deletion. These resources define a default period before they are forcibly terminated (the grace period) but you may override that value with the --grace-period flag, or pass --now to set a grace-period of 1. To force delete a resource, you must specify the --force flag. Note: only a subset of resources support graceful deletion. In absence of the support, the --grace-period flag is ignored.',
    '',
    ' By default the command waits until the objects are gone, finalizers included (--wait=false returns at once); the wait follows the objects with a watch, never by polling.',
    '',
    ' Note that the delete command does NOT do resource version checks, so if someone submits an update to a resource right when you submit a delete, their update will be lost along with the rest of the resource.',
  ].join('\n'),
  group: 'Basic Commands (Intermediate)',
  examples: [
    { description: 'Delete the objects described in examples/quickstart/', command: `${BINARY_NAME} delete -f ${examplePath('quickstart/')} --ignore-not-found` },
    { description: 'Delete resources from a directory containing kustomization.yaml - e.g. dir/kustomization.yaml', command: `${BINARY_NAME} delete -k ${examplePath('kustomize/overlays/production')} --ignore-not-found` },
    { description: 'Delete the objects in the JSON passed into stdin', command: `cat ${examplePath('configmap.json')} | ${BINARY_NAME} delete --ignore-not-found -f -` },
    { description: 'Delete config maps and secrets with same names "baz" and "foo"', command: `${BINARY_NAME} delete configmap,secret baz foo --ignore-not-found` },
    { description: 'Delete config maps with label app=quickstart', command: `${BINARY_NAME} delete configmaps -l app=quickstart` },
    { description: 'Delete a config map with minimal delay', command: `${BINARY_NAME} delete configmap foo --now --ignore-not-found` },
    { description: 'Delete all config maps in the namespace, without waiting', command: `${BINARY_NAME} delete configmaps --all --wait=false` },
  ],
  flags: [
    { name: 'all', type: 'bool', default: false, description: 'Delete all resources, in the namespace of the specified resource types.' },
    ALL_NAMESPACES_FLAG,
    CASCADE_FLAG,
    DRY_RUN_FLAG,
    FIELD_SELECTOR_FLAG,
    filenameFlag('containing the resource to delete.'),
    FORCE_FLAG,
    GRACE_PERIOD_FLAG,
    { name: 'interactive', short: 'i', type: 'bool', default: false, description: 'If true, delete resource only when user confirms.' },
    { name: 'ignore-not-found', type: 'bool', default: false, description: 'Treat "resource not found" as a successful delete. Defaults to "true" when --all is specified.' },
    kustomizeFlag('a'),
    NOW_FLAG,
    { name: 'output', short: 'o', type: 'string', default: '', description: 'Output mode. Use "-o name" for shorter output (resource/name).', complete: { kind: 'values', values: ['name'] } },
    rawFlag('DELETE'),
    RECURSIVE_FLAG,
    SELECTOR_FLAG_EQUALITY_HELP,
    DELETION_TIMEOUT_FLAG,
    { name: 'wait', type: 'bool', default: true, description: 'If true, wait for resources to be gone before returning. This waits for finalizers.' },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
