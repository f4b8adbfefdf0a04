/**
 * `create clusterrole NAME`: a ClusterRole with the rule of the flags (resources and/or
 * non-resource URLs), or with only an aggregation rule, as kubectl's generator builds it.
 */
import { GROUPS } from '../../../../sdk/naming.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { sendGenerated, startGenerator } from '../../../resource-builders/generated.js';
import { parseMapStringString } from '../shared/map-flag.js';
import {
  completeResources, completeVerbs, policyRules, resolveResources, unique, validateResources, VALID_NON_RESOURCE_VERBS, VALID_RESOURCE_VERBS,
} from '../shared/policy-rules.js';
import { labelSelector, type Struct, typedObject } from '../../../resource-builders/typed.js';

const CLUSTERROLES = { group: GROUPS.rbac, version: 'v1', resource: 'clusterroles', namespaced: false, kind: 'ClusterRole' } as const;

/** kubectl's checks of `--non-resource-url`. */
function validateNonResourceURLs(verbs: readonly string[], urls: readonly string[]): void {
  for (const v of verbs) if (!VALID_NON_RESOURCE_VERBS.includes(v)) throw new UsageError(`invalid verb: '${v}' for nonResourceURL`, false);
  for (const url of urls) {
    if (url === '*') continue;
    if (url === '' || !url.startsWith('/')) throw new UsageError('nonResourceURL should start with /', false);
    if (url.slice(0, -1).includes('*')) throw new UsageError("nonResourceURL only supports wildcard matches when '*' is at the end", false);
  }
}

/** Runs `create clusterrole`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  // pflag parses the map flag while reading the command line.
  const aggregation = parseMapStringString(flags, 'aggregation-rule');
  const nonResourceURLs = unique(flags.strings('non-resource-url'));
  const invocation = await startGenerator(ctx, args, flags);
  const { name } = invocation;
  const verbs = completeVerbs(flags.strings('verb'));
  const resources = completeResources(flags.strings('resource'));
  const resourceNames = unique(flags.strings('resource-name'));
  if (name === '') throw new UsageError('name must be specified', false);
  let rules: Struct[] | null = null;
  let aggregationRule: Struct | undefined;
  if (aggregation.size > 0) {
    if (nonResourceURLs.length > 0 || verbs.length > 0 || resources.length > 0 || resourceNames.length > 0) {
      throw new UsageError('aggregation rule must be specified without nonResourceURLs, verbs, resources or resourceNames', false);
    }
    aggregationRule = { clusterRoleSelectors: [labelSelector(Object.fromEntries(aggregation))] };
  } else {
    if (verbs.length === 0) throw new UsageError('at least one verb must be specified', false);
    if (resources.length === 0 && nonResourceURLs.length === 0) throw new UsageError('one of resource or nonResourceURL must be specified', false);
    let resolved: Awaited<ReturnType<typeof resolveResources>> = [];
    if (resources.length > 0) {
      for (const v of verbs) if (!VALID_RESOURCE_VERBS.includes(v)) ctx.warn(`'${v}' is not a standard resource verb`);
      resolved = await resolveResources(await ctx.client(), resources, ctx.io.signal);
      validateResources(verbs, resolved);
    }
    if (nonResourceURLs.length > 0) validateNonResourceURLs(verbs, nonResourceURLs);
    rules = policyRules(verbs, resolved, resourceNames, nonResourceURLs);
  }
  await sendGenerated(ctx, flags, invocation, {
    descriptor: CLUSTERROLES,
    object: typedObject(CLUSTERROLES, { name }, { rules, aggregationRule }),
  });
}
