/** `platformctl blame`: who owns each field of an object, from its `managedFields`. */
import { BINARY_NAME } from '../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../framework/define-command.js';

/** `platformctl blame`. */
export const spec = defineCommand({
  name: 'blame',
  usage: '(TYPE NAME | TYPE/NAME) [--manager NAME] [--field PATH] [-o json|yaml]',
  summary: 'Show which manager owns each field of an object',
  description: [
    'Show an object as YAML with every field led by the manager that owns it, how it wrote it (Apply: server-side apply; Update: every other kind of write) and when, read from the object\'s managedFields.',
    '',
    ' Fields no manager owns (what the server sets, such as uid or resourceVersion) are marked (nobody). A field several managers own (server-side apply shares fields whose values agree) lists them all. Maps and lists that no manager claimed as a whole carry no mark: their fields do.',
  ].join('\n'),
  group: 'Troubleshooting and Debugging Commands',
  examples: [
    { description: 'Who owns each field of a deployment', command: `${BINARY_NAME} blame deployment/web`, notRunnable: 'needs a deployment web' },
    { description: 'Only the fields the HorizontalPodAutoscaler controller owns', command: `${BINARY_NAME} blame deployment/web --manager=horizontal-pod-autoscaler`, notRunnable: 'needs a deployment web' },
    { description: 'Who set the image of the first container', command: `${BINARY_NAME} blame deployment/web --field=.spec.template.spec.containers[0].image`, notRunnable: 'needs a deployment web' },
    { description: 'Every field with its owners, for a script', command: `${BINARY_NAME} blame configmap/settings -o json`, notRunnable: 'needs a config map settings' },
  ],
  flags: [
    { name: 'field', type: 'string', default: '', description: 'Only this field and the fields below it: a path such as .spec.replicas or spec.template.spec.containers[0]' },
    { name: 'manager', type: 'string', default: '', description: 'Only the fields this field manager owns' },
    { name: 'output', short: 'o', type: 'string', default: '', description: 'Output format. One of: (json, yaml). Without it, the object as YAML with the owners of each line.', complete: { kind: 'values', values: ['json', 'yaml'] } },
  ],
  args: 'resource-type-then-names',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
