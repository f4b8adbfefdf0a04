import { BINARY_NAME, NAMESPACES } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { ALLOW_MISSING_FLAG, SHOW_MANAGED_FIELDS_FLAG, TEMPLATE_FLAG } from '../../../output/flags.js';
import { LOGS_POD_RUNNING_TIMEOUT_FLAG } from '../../../pods/session-flags.js';

/** `platformctl cluster-info dump`. */
export const spec = defineCommand({
  name: 'dump',
  usage: '[flags] [options]',
  summary: 'Dump relevant information for debugging and diagnosis',
  description: [
    'Dump cluster information out suitable for debugging and diagnosing cluster problems.  By default, dumps everything to stdout. You can optionally specify a directory with --output-directory.  If you specify a directory, the platform will build a set of files in that directory.  By default, only dumps things in the current namespace and \'' + NAMESPACES.system + '\' namespace, but you can switch to a different namespace with the --namespaces flag, or specify --all-namespaces to dump all namespaces.',
    '',
    ' The command also dumps the logs of all of the pods in the cluster; these logs are dumped into different directories based on namespace and pod name.',
  ].join('\n'),
  examples: [
    { description: 'Dump current cluster state to stdout', command: `${BINARY_NAME} cluster-info dump` },
    { description: 'Dump current cluster state to ./cluster-state', command: `${BINARY_NAME} cluster-info dump --output-directory=./cluster-state` },
    { description: 'Dump all namespaces to stdout', command: `${BINARY_NAME} cluster-info dump --all-namespaces` },
    {
      description: 'Dump a set of namespaces to ./cluster-state',
      command: `${BINARY_NAME} cluster-info dump --namespaces default,${NAMESPACES.system} --output-directory=./cluster-state`,
    },
  ],
  flags: [
    { name: 'all-namespaces', short: 'A', type: 'bool', default: false, description: 'If true, dump all namespaces.  If true, --namespaces is ignored.' },
    ALLOW_MISSING_FLAG,
    { name: 'namespaces', type: 'stringSlice', default: [], description: 'A comma separated list of namespaces to dump.', complete: { kind: 'namespace' } },
    {
      name: 'output', short: 'o', type: 'string', default: 'json',
      description: 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).',
      complete: { kind: 'values', values: ['json', 'yaml', 'name', 'go-template=', 'go-template-file=', 'template=', 'templatefile=', 'jsonpath=', 'jsonpath-as-json=', 'jsonpath-file='] },
    },
    { name: 'output-directory', type: 'string', default: '', description: "Where to output the files.  If empty or '-' uses stdout, otherwise creates a directory hierarchy in that directory", complete: { kind: 'dir' } },
    LOGS_POD_RUNNING_TIMEOUT_FLAG,
    SHOW_MANAGED_FIELDS_FLAG,
    TEMPLATE_FLAG,
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
