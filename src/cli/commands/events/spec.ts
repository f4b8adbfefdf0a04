/** `platformctl events`: list events, optionally for one object, optionally following new ones. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';
import { OBJECT_OUTPUT_FLAGS } from '../../output/index.js';
import { ALL_NAMESPACES_FLAG } from '../../resource/selection.js';
import { CHUNK_SIZE_FLAG } from '../../flags/chunk-size.js';

/** `platformctl events`. */
export const spec = defineCommand({
  name: 'events',
  usage: '[(-o|--output=)json|yaml|name|go-template|go-template-file|template|templatefile|jsonpath|jsonpath-as-json|jsonpath-file] [--for TYPE/NAME] [--watch] [--types=Normal,Warning]',
  summary: 'List events',
  description: [
    'Display events.',
    '',
    ' Prints a table of the most important information about events. You can request events for a namespace, for all namespace, or filtered to only those pertaining to a specified resource.',
  ].join('\n'),
  group: 'Troubleshooting and Debugging Commands',
  examples: [
    { description: 'List recent events in the default namespace', command: `${BINARY_NAME} events` },
    { description: 'List recent events in all namespaces', command: `${BINARY_NAME} events --all-namespaces` },
    { description: 'List recent events for the specified pod, then wait for more events and list them as they arrive', command: `${BINARY_NAME} events --for pod/web-pod-13je7 --watch`, notRunnable: 'waits for events until interrupted' },
    { description: 'List recent events in YAML format', command: `${BINARY_NAME} events -oyaml` },
    { description: 'List recent only events of type \'Warning\' or \'Normal\'', command: `${BINARY_NAME} events --types=Warning,Normal` },
  ],
  flags: [
    ALL_NAMESPACES_FLAG,
    CHUNK_SIZE_FLAG,
    { name: 'for', type: 'string', default: '', description: 'Filter events to only those pertaining to the specified resource.' },
    { name: 'no-headers', type: 'bool', default: false, description: "When using the default output format, don't print headers." },
    ...OBJECT_OUTPUT_FLAGS,
    { name: 'types', type: 'stringSlice', default: [], description: 'Output only events of given types.' },
    { name: 'watch', short: 'w', type: 'bool', default: false, description: 'After listing the requested events, watch for more events.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
