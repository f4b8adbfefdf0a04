import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { ALLOW_MISSING_FLAG, SHOW_MANAGED_FIELDS_FLAG } from '../../../output/flags.js';

/** `platformctl config view`. */
export const spec = defineCommand({
  name: 'view',
  usage: '[flags] [options]',
  summary: 'Display merged kubeconfig settings or a specified kubeconfig file',
  description:
    'Display merged kubeconfig settings or a specified kubeconfig file.\n\n You can use --output jsonpath={...} to extract specific values using a jsonpath expression.',
  examples: [
    { description: 'Show merged kubeconfig settings', command: 'platformctl config view' },
    { description: 'Show merged kubeconfig settings, raw certificate data, and exposed secrets', command: 'platformctl config view --raw' },
    { description: 'Get the password for the e2e user', command: `platformctl config view -o jsonpath='{.users[?(@.name == "e2e")].user.password}'` },
  ],
  flags: [
    ALLOW_MISSING_FLAG,
    { name: 'flatten', type: 'bool', default: false, description: 'Flatten the resulting kubeconfig file into self-contained output (useful for creating portable kubeconfig files)' },
    { name: 'merge', type: 'bool', default: true, description: 'Merge the full hierarchy of kubeconfig files' },
    { name: 'minify', type: 'bool', default: false, description: 'Remove all information not used by current-context from the output' },
    {
      name: 'output', short: 'o', type: 'string', default: 'yaml',
      description: 'Output format. One of: (json, yaml, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).',
      complete: { kind: 'values', values: ['json', 'yaml', 'go-template=', 'go-template-file=', 'template=', 'templatefile=', 'jsonpath=', 'jsonpath-as-json=', 'jsonpath-file='] },
    },
    { name: 'raw', type: 'bool', default: false, description: 'Display raw byte data and sensitive data' },
    SHOW_MANAGED_FIELDS_FLAG,
    { name: 'template', type: 'string', default: '', description: 'Template string or path to template file to use when -o=go-template, -o=go-template-file. The template format is golang templates [http://golang.org/pkg/text/template/#pkg-overview].' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
