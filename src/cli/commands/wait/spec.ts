/** `platformctl wait`: wait until objects are deleted, created, or meet conditions, on a watch. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { filenameFlag, kustomizeFlag, RECURSIVE_FLAG } from '../../manifests/manifest-flags.js';
import { OUTPUT_FLAGS } from '../../writes/object-output.js';
import { ALL_FLAG, ALL_NAMESPACES_FLAG, FIELD_SELECTOR_FLAG } from '../../resource/selection.js';

/** `platformctl wait`. */
export const spec = defineCommand({
  name: 'wait',
  usage: "([-f FILENAME] | resource.group/resource.name | resource.group [(-l label | --all)]) [--for=create|--for=delete|--for condition=available|--for=jsonpath='{}'[=value]] [options]",
  summary: 'Experimental: Wait for a specific condition on one or many resources',
  description: [
    'Experimental: Wait for a specific condition on one or many resources.',
    '',
    ' The command takes multiple resources and waits until the specified condition is seen in the Status field of every given resource.',
    '',
    ' Alternatively, the command can wait for the given set of resources to be created or deleted by providing the "create" or "delete" keyword as the value to the --for flag.',
    '',
    ' Several --for flags may be given: every condition must hold at the same time.',
    '',
    ' A successful message will be printed to stdout indicating when the specified condition has been met. You can use -o option to change to output destination.',
    '',
    ' --fail-on names outcomes that will not turn into success (a Job that failed, a Deployment whose rollout is stuck): when one appears on any object the wait ends at once with exit 1, instead of at the timeout.',
  ].join('\n'),
  group: 'Advanced Commands',
  examples: [
    { description: 'Wait for the deployment "web" to contain the status condition of type "Available"', command: `${BINARY_NAME} wait --for=condition=Available deployment/web`, notRunnable: 'needs the object to exist' },
    { description: 'The default value of status condition is true; you can wait for other targets after an equal delimiter (compared after Unicode simple case folding, which is a more general form of case-insensitivity)', command: `${BINARY_NAME} wait --for=condition=Available=false deployment/web`, notRunnable: 'needs the object to exist' },
    { description: 'Wait for the config map "settings" to contain a key with the given value', command: `${BINARY_NAME} wait --for=jsonpath='{.data.mode}'=ready configmap/settings` },
    { description: 'Wait for the job "backup" to complete, and stop at once with exit 1 if it fails', command: `${BINARY_NAME} wait job/backup --for=condition=Complete --fail-on=condition=Failed --timeout=1h`, notRunnable: 'needs a job backup' },
    { description: 'Wait for the deployment "web" to be available, and stop at once if its rollout exceeds its progress deadline', command: `${BINARY_NAME} wait deployment/web --for=condition=Available --fail-on=jsonpath='{.status.conditions[?(@.type=="Progressing")].reason}'=ProgressDeadlineExceeded`, notRunnable: 'needs a deployment web' },
    { description: 'Wait for the config map "settings" to be created', command: `${BINARY_NAME} wait --for=create configmap/settings --timeout=60s`, notRunnable: 'waits for another writer' },
    { description: 'Wait for the config map "settings" to be deleted (after `delete --wait=false`), with a timeout of 60 seconds', command: `${BINARY_NAME} wait --for=delete configmap/settings --timeout=60s`, notRunnable: 'waits for another writer to delete the object' },
  ],
  flags: [
    ALL_FLAG,
    ALL_NAMESPACES_FLAG,
    FIELD_SELECTOR_FLAG,
    filenameFlag('identifying the resource.'),
    { name: 'fail-on', type: 'stringArray', default: [], description: "A condition that ends the wait at once as a failure (exit 1), in any --for form: delete, condition=condition-name[=condition-value] or jsonpath='{JSONPath expression}'=[JSONPath value]. Repeat the flag for several; any one of them fails the wait." },
    { name: 'for', type: 'stringArray', default: [], description: "The condition to wait on: [create|delete|condition=condition-name[=condition-value]|jsonpath='{JSONPath expression}'=[JSONPath value]]. The default condition-value is true. Condition values are compared after Unicode simple case folding, which is a more general form of case-insensitivity. Repeat the flag to wait for several conditions at once." },
    kustomizeFlag('the'),
    { name: 'local', type: 'bool', default: false, description: 'If true, annotation will NOT contact api-server but run locally.' },
    ...OUTPUT_FLAGS,
    // kubectl's resource builder flags recurse into directories by default.
    { ...RECURSIVE_FLAG, default: true },
    { name: 'selector', short: 'l', type: 'string', default: '', description: "Selector (label query) to filter on, supports '=', '==', and '!='.(e.g. -l key1=value1,key2=value2)" },
    { name: 'timeout', type: 'duration', default: '30s', description: 'The length of time to wait before giving up.  Zero means check once and don\'t wait, negative means wait for a week.' },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
