/**
 * `platformctl kustomize DIR`: build a kustomization directory and print the objects, as
 * `kubectl kustomize` does.
 */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { examplePath } from '../../framework/spec.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';

/** The values `--load-restrictor` accepts. */
export const LOAD_RESTRICTORS = ['LoadRestrictionsRootOnly', 'LoadRestrictionsNone'];

/** `platformctl kustomize`. */
export const spec = defineCommand({
  name: 'kustomize',
  usage: 'DIR [flags] [options]',
  summary: "Build a kustomization target from a directory",
  description: [
    "Build a set of KRM resources using a 'kustomization.yaml' file. The DIR argument must be a path to a directory containing 'kustomization.yaml'. If DIR is omitted, '.' is assumed.",
    '',
    ' Remote bases (git repositories, URLs), helm charts and plugins are not supported: a kustomization that uses them fails with an error.',
  ].join('\n'),
  group: 'Advanced Commands',
  examples: [
    { description: 'Build the current working directory', command: `${BINARY_NAME} kustomize`, notRunnable: 'the working directory of the example runner holds no kustomization' },
    { description: 'Build some shared configuration directory', command: `${BINARY_NAME} kustomize ${examplePath('kustomize/overlays/production')}` },
    { description: 'Write the output to a file (to a directory that exists: one file per object)', command: `${BINARY_NAME} kustomize ${examplePath('kustomize/base')} -o base.yaml` },
  ],
  flags: [
    { name: 'enable-alpha-plugins', type: 'bool', default: false, description: 'enable kustomize plugins (plugins are not supported: a kustomization that uses them fails)' },
    { name: 'enable-helm', type: 'bool', default: false, description: 'Enable use of the Helm chart inflator generator (helm charts are not supported: a kustomization that uses them fails).' },
    {
      name: 'load-restrictor', type: 'string', default: 'LoadRestrictionsRootOnly',
      description: "if set to 'LoadRestrictionsNone', local kustomizations may load files from outside their root. This does, however, break the relocatability of the kustomization.",
      complete: { kind: 'values', values: LOAD_RESTRICTORS },
    },
    { name: 'output', short: 'o', type: 'string', default: '', description: 'If specified, write output to this path.', complete: { kind: 'file' } },
  ],
  args: 'files',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
