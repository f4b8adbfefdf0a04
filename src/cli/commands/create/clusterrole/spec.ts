/**
 * `platformctl create clusterrole NAME --verb=verb --resource=resource.group [--resource-name=resourcename]`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';
import { RULE_FLAGS } from '../shared/rbac-flags.js';

/** `create clusterrole`. */
export const spec = defineCommand({
  name: 'clusterrole',
  usage: 'NAME --verb=verb --resource=resource.group [--resource-name=resourcename] [--dry-run=server|client|none] [options]',
  summary: 'Create a cluster role',
  description: 'Create a cluster role.',
  examples: [
    { description: 'Create a cluster role named "pod-reader" that allows user to perform "get", "watch" and "list" on pods', command: `${BINARY_NAME} create clusterrole pod-reader --verb=get,list,watch --resource=pods` },
    { description: 'Create a cluster role named "pod-name-reader" with ResourceName specified', command: `${BINARY_NAME} create clusterrole pod-name-reader --verb=get --resource=pods --resource-name=readablepod --resource-name=anotherpod` },
    { description: 'Create a cluster role named "foo" with API Group specified', command: `${BINARY_NAME} create clusterrole foo --verb=get,list,watch --resource=rs.apps` },
    { description: 'Create a cluster role named "foo-status" with SubResource specified', command: `${BINARY_NAME} create clusterrole foo-status --verb=get,list,watch --resource=pods,pods/status` },
    { description: 'Create a cluster role name "foo-logs" with NonResourceURL specified', command: `${BINARY_NAME} create clusterrole "foo-logs" --verb=get --non-resource-url='/logs/*'` },
    { description: 'Create a cluster role name "monitoring" with AggregationRule specified', command: `${BINARY_NAME} create clusterrole monitoring --aggregation-rule="rbac.example.com/aggregate-to-monitoring=true"` },
  ],
  flags: [
    ...GENERATOR_FLAGS,
    ...RULE_FLAGS,
    { name: 'aggregation-rule', type: 'stringArray', default: [], description: 'An aggregation label selector for combining ClusterRoles.' },
    { name: 'non-resource-url', type: 'stringSlice', default: [], description: 'A partial url that user should have access to.' },
  ],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
