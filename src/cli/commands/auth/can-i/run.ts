/**
 * `auth can-i`: a SelfSubjectAccessReview for one action (`yes`/`no`, exit 0/1), or with --list a
 * SelfSubjectRulesReview printed as kubectl's rules table.
 */
import { BINARY_NAME, GROUPS } from '../../../../sdk/naming.js';
import type { PlatformClient } from '../../../../sdk/client.js';
import type { ResourceAttributes, SelfSubjectAccessReview, SelfSubjectRulesReview } from '../../../../sdk/types/authorization.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { formatRulesTable } from './rules-table.js';

const RESOURCE_VERBS = new Set(['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection', 'use', 'bind', 'impersonate', '*', 'approve', 'sign', 'escalate', 'attest']);
const NON_RESOURCE_VERBS = new Set(['get', 'put', 'post', 'head', 'options', 'delete', 'patch', '*']);
// Resources the server authorizes but discovery cannot list (the impersonate verb's targets).
const NON_STANDARD_RESOURCES = new Set(['users', 'groups']);
const AUTHZ_PATH = `/apis/${GROUPS.authorization}/v1`;

/** The resource an argument names: group and resource, version when discovery knew it, scope. */
interface ResolvedResource {
  group: string;
  version: string;
  resource: string;
  namespaced: boolean | undefined;
}

/** kubectl's resourceFor: discovery's answer, else (with a warning) the argument as it is. */
async function resolveResource(ctx: CommandContext, client: PlatformClient, arg: string): Promise<ResolvedResource> {
  if (arg === '*') return { group: '', version: '', resource: '*', namespaced: true };
  try {
    const m = await client.mapper.resourceFor(arg.toLowerCase(), { signal: ctx.io.signal });
    return { group: m.group, version: m.version, resource: m.resource, namespaced: m.namespaced };
  } catch (err) {
    const { ResourceTypeError } = await import('../../../../sdk/errors.js');
    if (!(err instanceof ResourceTypeError)) throw err;
    const lower = arg.toLowerCase();
    const dot = lower.indexOf('.');
    const resource = dot < 0 ? lower : lower.slice(0, dot);
    const group = dot < 0 ? '' : lower.slice(dot + 1);
    if (!NON_STANDARD_RESOURCES.has(lower)) {
      ctx.warn(group === '' ? `the server doesn't have a resource type '${resource}'\n` : `the server doesn't have a resource type '${resource}' in group '${group}'\n`);
    }
    return { group: '', version: '', resource: arg, namespaced: undefined };
  }
}

function usage(message: string): UsageError {
  return new UsageError(`${message}\nSee '${BINARY_NAME} auth can-i -h' for help and examples.`, false);
}

async function runList(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (args.length !== 0) throw new UsageError('list option must be specified with no arguments', false);
  if (flags.bool('quiet') || flags.bool('all-namespaces') || (flags.string('subresource') ?? '') !== '') {
    throw new UsageError("list option can't be specified with neither quiet, all-namespaces nor subresource options", false);
  }
  const client = await ctx.client();
  const { namespace } = await ctx.namespace();
  const review: SelfSubjectRulesReview = { apiVersion: `${GROUPS.authorization}/v1`, kind: 'SelfSubjectRulesReview', spec: { namespace } };
  const answer = await client.rest.json<SelfSubjectRulesReview>({ method: 'POST', path: `${AUTHZ_PATH}/selfsubjectrulesreviews`, body: review, signal: ctx.io.signal });
  const status = answer.status ?? { resourceRules: [], nonResourceRules: [], incomplete: false };
  if (status.incomplete) ctx.warn(`the list may be incomplete: ${status.evaluationError ?? ''}`);
  ctx.io.stdout.write(formatRulesTable(status.resourceRules ?? [], status.nonResourceRules ?? [], flags.bool('no-headers')));
  return 0;
}

/** Runs `auth can-i`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (flags.bool('list')) return runList(ctx, args, flags);
  if (args.length !== 2 && args.length !== 3) throw usage('you must specify two arguments: verb resource or verb resource/resourceName.');
  const verb = args[0] ?? '';
  const target = args[1] ?? '';
  const subresource = flags.string('subresource') ?? '';
  const allNamespaces = flags.bool('all-namespaces');
  const client = await ctx.client();

  let spec: SelfSubjectAccessReview['spec'];
  if (target.startsWith('/')) {
    if (subresource !== '') throw new UsageError('--subresource can not be used with NonResourceURL', false);
    if (args.length === 3) throw new UsageError('NonResourceURL and ResourceName can not specified together', false);
    if (!NON_RESOURCE_VERBS.has(verb)) ctx.warn(`verb '${verb}' is not a known verb\n`);
    spec = { nonResourceAttributes: { verb, path: target } };
  } else {
    const slash = target.indexOf('/');
    const typeArg = slash < 0 ? target : target.slice(0, slash);
    let name = slash < 0 ? '' : target.slice(slash + 1);
    if (args.length === 3) {
      if (slash >= 0) throw usage('there is no need to specify a resource name as a separate argument when using TYPE/NAME.');
      name = args[2] ?? '';
    }
    const resolved = await resolveResource(ctx, client, typeArg);
    if (!allNamespaces && resolved.namespaced === false) {
      ctx.warn(resolved.group === '' ? `resource '${resolved.resource}' is not namespace scoped\n` : `resource '${resolved.resource}' is not namespace scoped in group '${resolved.group}'\n`);
    }
    if (!RESOURCE_VERBS.has(verb)) ctx.warn(`verb '${verb}' is not a known verb\n`);
    const namespace = allNamespaces ? '' : (await ctx.namespace()).namespace;
    const attributes: ResourceAttributes = { namespace, verb, group: resolved.group, resource: resolved.resource, subresource, name };
    // Empty fields are left out, as Go's omitempty does.
    for (const key of Object.keys(attributes) as (keyof ResourceAttributes)[]) if (attributes[key] === '') delete attributes[key];
    spec = { resourceAttributes: attributes };
  }
  if (flags.bool('no-headers')) throw new UsageError('--no-headers cannot be set without --list specified', false);

  const review: SelfSubjectAccessReview = { apiVersion: `${GROUPS.authorization}/v1`, kind: 'SelfSubjectAccessReview', spec };
  const answer = await client.rest.json<SelfSubjectAccessReview>({ method: 'POST', path: `${AUTHZ_PATH}/selfsubjectaccessreviews`, body: review, signal: ctx.io.signal });
  const status = answer.status ?? { allowed: false };
  if (!flags.bool('quiet')) {
    let line = status.allowed ? ctx.colors.stdout.green('yes') : ctx.colors.stdout.red('no');
    if (!status.allowed) {
      if ((status.reason ?? '') !== '') line += ` - ${status.reason ?? ''}`;
      if ((status.evaluationError ?? '') !== '') line += ` - ${status.evaluationError ?? ''}`;
    }
    ctx.io.stdout.write(`${line}\n`);
  }
  return status.allowed ? 0 : 1;
}
