/**
 * `platformctl create role NAME --verb=verb --resource=resource.group/subresource [--resource-name=resourcename]`.
 */
import { BINARY_NAME } from '../../../../sdk/naming.js';
import { defineCommand, type FlagsOfSpec } from '../../../framework/define-command.js';
import { GENERATOR_FLAGS } from '../../../resource-builders/generated.js';
import { RULE_FLAGS } from '../shared/rbac-flags.js';

/** `create role`. */
export const spec = defineCommand({
  name: 'role',
  usage: 'NAME --verb=verb --resource=resource.group/subresource [--resource-name=resourcename] [--dry-run=server|client|none] [options]',
  summary: 'Create a role with single rule',
  description: 'Create a role with single rule.',
  examples: [
    { description: 'Create a role named "pod-reader" that allows user to perform "get", "watch" and "list" on pods', command: `${BINARY_NAME} create role pod-reader --verb=get --verb=list --verb=watch --resource=pods` },
    { description: 'Create a role named "pod-name-reader" with ResourceName specified', command: `${BINARY_NAME} create role pod-name-reader --verb=get --resource=pods --resource-name=readablepod --resource-name=anotherpod` },
    { description: 'Create a role named "foo" with API Group specified', command: `${BINARY_NAME} create role foo --verb=get,list,watch --resource=rs.apps` },
    { description: 'Create a role named "foo-status" with SubResource specified', command: `${BINARY_NAME} create role foo-status --verb=get,list,watch --resource=pods,pods/status` },
  ],
  flags: [...GENERATOR_FLAGS, ...RULE_FLAGS],
  args: 'none',
  load: async () => (await import('./run.js')).run,
});

/** The flags of the command as its `run` reads them. */
export type Flags = FlagsOfSpec<typeof spec>;
