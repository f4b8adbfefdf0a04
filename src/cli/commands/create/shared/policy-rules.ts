/**
 * The rule of `create role` and `create clusterrole`: `--verb` (deduplicated, `*` alone when
 * given), `--resource` as `resource.group/subresource` resolved through discovery (short names
 * and the group of a bare resource included), `--resource-name`, and for cluster roles
 * `--non-resource-url`, with kubectl's checks and one rule per API group.
 */
import type { PlatformClient } from '../../../../sdk/client.js';
import { ResourceTypeError } from '../../../../sdk/errors.js';
import { GROUPS } from '../../../../sdk/naming.js';
import { ExitError, UsageError } from '../../../framework/usage-error.js';
import { nonEmpty, struct, type Struct } from '../../../resource-builders/typed.js';

/** One `--resource` value. */
export interface ResourceOption {
  group: string;
  resource: string;
  subresource: string;
}

/** The verbs kubectl knows for resources (others get a warning). */
export const VALID_RESOURCE_VERBS = ['*', 'get', 'delete', 'list', 'create', 'update', 'patch', 'watch', 'proxy', 'deletecollection', 'use', 'bind', 'escalate', 'impersonate'];

/** The verbs allowed with non-resource URLs. */
export const VALID_NON_RESOURCE_VERBS = ['*', 'get', 'post', 'put', 'delete', 'patch', 'head', 'options'];

/** Verbs that only make sense on some resources. */
const SPECIAL_VERBS: Readonly<Record<string, readonly { group: string; resource: string }[]>> = {
  use: [{ group: 'policy', resource: 'podsecuritypolicies' }, { group: 'extensions', resource: 'podsecuritypolicies' }],
  bind: [{ group: GROUPS.rbac, resource: 'roles' }, { group: GROUPS.rbac, resource: 'clusterroles' }],
  escalate: [{ group: GROUPS.rbac, resource: 'roles' }, { group: GROUPS.rbac, resource: 'clusterroles' }],
  impersonate: [
    { group: '', resource: 'users' },
    { group: '', resource: 'serviceaccounts' },
    { group: '', resource: 'groups' },
    { group: GROUPS.authentication, resource: 'userextras' },
  ],
};

/** Removes repeats, keeping the first of each. */
export function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** `--verb` after kubectl's Complete: deduplicated, and `*` alone when it is there. */
export function completeVerbs(verbs: readonly string[]): string[] {
  const out: string[] = [];
  for (const v of verbs) {
    if (v === '*') return ['*'];
    if (!out.includes(v)) out.push(v);
  }
  return out;
}

/** `--resource` values after kubectl's Complete (`*` alone replaces everything). */
export function completeResources(values: readonly string[]): ResourceOption[] {
  const out: ResourceOption[] = [];
  for (const value of values) {
    const slash = value.indexOf('/');
    const head = slash < 0 ? value : value.slice(0, slash);
    const subresource = slash < 0 ? '' : value.slice(slash + 1);
    const dot = head.indexOf('.');
    const resource = dot < 0 ? head : head.slice(0, dot);
    const group = dot < 0 ? '' : head.slice(dot + 1);
    if (resource === '*' && dot < 0 && slash < 0) return [{ group, resource, subresource }];
    out.push({ group, resource, subresource });
  }
  return out;
}

/** The resource as discovery knows it, or undefined when it does not (kubectl's `mapper.ResourceFor`). */
async function mapResource(client: PlatformClient, r: ResourceOption, signal: AbortSignal): Promise<{ group: string; resource: string } | Error> {
  try {
    const mapping = await client.mapper.resourceFor(r.group === '' ? r.resource : `${r.resource}.${r.group}`, { signal });
    return { group: mapping.group, resource: mapping.resource };
  } catch (err) {
    // kubectl's mapper.ResourceFor names the group apart (its resource builder does not).
    if (err instanceof ResourceTypeError && err.candidates.length === 0 && r.group !== '') {
      return new ResourceTypeError(`the server doesn't have a resource type "${r.resource}" in group "${r.group}"`);
    }
    if (err instanceof ResourceTypeError) return err;
    throw err;
  }
}

/** Resolved resources (as typed when discovery does not know them, as kubectl keeps them). */
export async function resolveResources(client: PlatformClient, resources: readonly ResourceOption[], signal: AbortSignal): Promise<{ option: ResourceOption; group: string; resource: string; error: Error | undefined }[]> {
  const out: { option: ResourceOption; group: string; resource: string; error: Error | undefined }[] = [];
  for (const option of resources) {
    if (option.resource === '' || option.resource === '*') {
      out.push({ option, group: option.group, resource: option.resource, error: undefined });
      continue;
    }
    const mapped = await mapResource(client, option, signal);
    if (mapped instanceof Error) out.push({ option, group: option.group, resource: option.resource, error: mapped });
    else out.push({ option, ...mapped, error: undefined });
  }
  return out;
}

/** kubectl's `validateResource`: checked in order, stopping at `*`. */
export function validateResources(verbs: readonly string[], resolved: Awaited<ReturnType<typeof resolveResources>>): void {
  for (const r of resolved) {
    if (r.option.resource === '') throw new UsageError('resource must be specified if apiGroup/subresource specified', false);
    if (r.option.resource === '*') return;
    let error = r.error;
    for (const verb of verbs) {
      const allowed = SPECIAL_VERBS[verb];
      if (allowed === undefined) continue;
      if (!allowed.some((a) => a.group === r.group && a.resource === r.resource)) {
        throw new UsageError(`can not perform '${verb}' on '${r.resource}' in group '${r.group}'`, false);
      }
      error = undefined;
    }
    // kubectl reports a resource discovery does not know as its bare message, without `error: `.
    if (error !== undefined) throw error instanceof ResourceTypeError && error.candidates.length === 0 ? new ExitError(1, error.message) : error;
  }
}

/** kubectl's `generateResourcePolicyRules`: one rule per API group (sorted), then the URLs' rule. */
export function policyRules(verbs: readonly string[], resolved: Awaited<ReturnType<typeof resolveResources>>, resourceNames: readonly string[], nonResourceURLs: readonly string[]): Struct[] {
  const byGroup = new Map<string, string[]>();
  for (const r of resolved) {
    const resource = r.option.subresource === '' ? r.resource : `${r.resource}/${r.option.subresource}`;
    const list = byGroup.get(r.group) ?? [];
    if (!list.includes(resource)) list.push(resource);
    byGroup.set(r.group, list);
  }
  const rules: Struct[] = [...byGroup.keys()].sort().map((group) =>
    struct({ verbs: [...verbs], apiGroups: [group], resources: byGroup.get(group), resourceNames: nonEmpty([...resourceNames]) }),
  );
  if (nonResourceURLs.length > 0) rules.push(struct({ verbs: [...verbs], nonResourceURLs: [...nonResourceURLs] }));
  return rules;
}
