/**
 * `platformctl get`: display one or many resources, as tables, objects or templates, once or
 * watching for changes.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { outputFlags } from '../../output/flags.js';
import { ALL_NAMESPACES_FLAG, FIELD_SELECTOR_FLAG, SELECTOR_FLAG } from '../../resource/selection.js';
import { FILENAME_TO_GET_FLAG, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { WATCH_TIMEOUT_FLAG } from '../watch/spec.js';
import { CHUNK_SIZE_FLAG } from '../../flags/chunk-size.js';

/** `platformctl get`. */
export const spec = defineCommand({
  name: 'get',
  usage: '[(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file|custom-columns|custom-columns-file|wide] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags]',
  summary: 'Display one or many resources',
  description: [
    'Display one or many resources.',
    '',
    ' Prints a table of the most important information about the specified resources. You can filter the list using a label selector and the --selector flag. If the desired resource type is namespaced you will only see results in the current namespace if you don\'t specify any namespace.',
    '',
    ' With --watch, the command keeps running and prints changes. Unlike kubectl, the watch resumes after a dropped connection or a server timeout, and after its history expired it lists again and prints only what changed; it ends only when it cannot continue, on --request-timeout, or on Ctrl-C.',
    '',
    `Use "${BINARY_NAME} api-resources" for a complete list of supported resources.`,
  ].join('\n'),
  group: 'Basic Commands (Beginner)',
  examples: [
    { description: 'List all pods in ps output format', command: `${BINARY_NAME} get pods` },
    { description: 'List all pods in ps output format with more information (such as node name)', command: `${BINARY_NAME} get pods -o wide` },
    { description: 'List all config maps in ps output format', command: `${BINARY_NAME} get configmaps` },
    { description: 'List all config maps with their labels', command: `${BINARY_NAME} get configmaps --show-labels` },
    { description: 'List a single config map with specified NAME in JSON output format', command: `${BINARY_NAME} get -o json configmap example --ignore-not-found` },
    { description: 'List config maps and secrets together in ps output format', command: `${BINARY_NAME} get configmaps,secrets` },
    { description: 'List resources from a directory with kustomization.yaml - e.g. dir/kustomization.yaml', command: `${BINARY_NAME} get -k ${examplePath('kustomize/overlays/production')} --ignore-not-found` },
    { description: 'List the names of all config maps in all namespaces', command: `${BINARY_NAME} get configmaps -A -o name` },
    { description: 'Return only the phase value of the specified namespace', command: `${BINARY_NAME} get -o template namespace/default --template='{{.status.phase}}'` },
    { description: 'List resource information in custom columns', command: `${BINARY_NAME} get namespaces -o custom-columns=NAME:.metadata.name,PHASE:.status.phase` },
    { description: 'Return only the names of the namespaces', command: `${BINARY_NAME} get namespaces -o jsonpath='{.items[*].metadata.name}'` },
    { description: 'List the objects named in a manifest', command: `${BINARY_NAME} get -f ${examplePath('')} --ignore-not-found` },
    { description: 'List the objects of the category "all"', command: `${BINARY_NAME} get all` },
    { description: 'Watch config maps and print each change', command: `${BINARY_NAME} get configmaps --watch`, notRunnable: 'runs until interrupted' },
    { description: 'Read a server path as it is', command: `${BINARY_NAME} get --raw /version` },
  ],
  flags: [
    ALL_NAMESPACES_FLAG,
    CHUNK_SIZE_FLAG,
    FIELD_SELECTOR_FLAG,
    FILENAME_TO_GET_FLAG,
    { name: 'ignore-not-found', type: 'bool', default: false, description: 'If the requested object does not exist the command will return exit code 0.' },
    kustomizeFlag('the'),
    ...outputFlags,
    { name: 'output-watch-events', type: 'bool', default: false, description: 'Output watch event objects when --watch or --watch-only is used. Existing objects are output as initial ADDED events.' },
    { name: 'raw', type: 'string', default: '', description: 'Raw URI to request from the server.  Uses the transport specified by the kubeconfig file.' },
    RECURSIVE_FLAG,
    SELECTOR_FLAG,
    { name: 'server-print', type: 'bool', default: true, description: 'If true, have the server return the appropriate table output. Supports extension APIs and CRDs.' },
    { name: 'subresource', type: 'string', default: '', description: 'If specified, gets the subresource of the requested object. Must be one of [status scale].', complete: { kind: 'values', values: ['status', 'scale'] } },
    { name: 'watch', short: 'w', type: 'bool', default: false, description: 'After listing/getting the requested object, watch for changes.' },
    { name: 'watch-only', type: 'bool', default: false, description: 'Watch for changes to the requested object(s), without listing/getting first.' },
    { ...WATCH_TIMEOUT_FLAG, default: 0 },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
