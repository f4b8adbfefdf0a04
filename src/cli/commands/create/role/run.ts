/**
 * `create role NAME`: a Role with the rule the flags describe (one per API group), as kubectl's
 * generator builds it; resources are resolved through discovery even for `--dry-run=client`.
 */
import { GROUPS } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { completeResources, completeVerbs, policyRules, resolveResources, unique, validateResources, VALID_RESOURCE_VERBS } from '../shared/policy-rules.js';
import { typedObject } from '../../../resource-builders/typed.js';

const ROLES = { group: GROUPS.rbac, version: 'v1', resource: 'roles', namespaced: true, kind: 'Role' } as const;

/** Runs `create role`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const invocation = await startGenerator(ctx, args, flags);
  const { name, enforcedNamespace } = invocation;
  const verbs = completeVerbs(flags.strings('verb'));
  const resources = completeResources(flags.strings('resource'));
  const resourceNames = unique(flags.strings('resource-name'));
  if (name === '') throw new UsageError('name must be specified', false);
  if (verbs.length === 0) throw new UsageError('at least one verb must be specified', false);
  for (const v of verbs) if (!VALID_RESOURCE_VERBS.includes(v)) ctx.warn(`'${v}' is not a standard resource verb`);
  if (resources.length === 0) throw new UsageError('at least one resource must be specified', false);
  const client = await ctx.client();
  const resolved = await resolveResources(client, resources, ctx.io.signal);
  validateResources(verbs, resolved);
  await sendGenerated(ctx, flags, invocation, {
    descriptor: ROLES,
    object: typedObject(ROLES, { name, namespace: enforcedNamespace }, {
      rules: policyRules(verbs, resolved, resourceNames, []),
    }),
  });
}
