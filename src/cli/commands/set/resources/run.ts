/**
 * `set resources`: `--limits` and `--requests` (`cpu=100m,memory=256Mi`, quantities written in
 * their canonical form) on the selected containers (`-c`, wildcards, init containers too).
 */
import { formatQuantity } from '../../../../machinery/quantity/format.js';
import { parseQuantity } from '../../../../machinery/quantity/parse.js';
import type { CommandContext } from '../../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../../framework/usage-error.js';
import { matchingContainers } from '../shared/pod-spec.js';
import { LOCAL_RESOURCE_ERROR, runSetCommand } from '../shared/set-command.js';

type Json = Record<string, unknown>;

/** kubectl's `parseResourceList`. */
function parseResourceList(spec: string): Map<string, string> {
  const out = new Map<string, string>();
  if (spec === '') return out;
  for (const statement of spec.split(',')) {
    const parts = statement.split('=');
    if (parts.length !== 2) throw new UsageError(`Invalid argument syntax ${statement}, expected <resource>=<value>`, false);
    const [name = '', value = ''] = parts;
    const quantity = parseQuantity(value);
    if ('error' in quantity) throw new UsageError(quantity.error, false);
    out.set(name, formatQuantity(quantity));
  }
  return out;
}

/** Runs `set resources`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (flags.bool('all') && (flags.string('selector') ?? '') !== '') throw new UsageError('cannot set --all and --selector at the same time', false);
  const limitsText = flags.string('limits') ?? '';
  const requestsText = flags.string('requests') ?? '';
  if (flags.bool('local') && args.length > 0) throw new UsageError(LOCAL_RESOURCE_ERROR, false);
  if (limitsText === '' && requestsText === '') throw new UsageError('you must specify an update to requests or limits (in the form of --requests/--limits)', false);
  const limits = parseResourceList(limitsText);
  const requests = parseResourceList(requestsText);
  const pattern = flags.string('containers') ?? '*';
  await runSetCommand(ctx, args, flags, 'resource requirements updated', (object, errors, ref) => {
    const containers = matchingContainers(object, pattern, errors, ref);
    if (containers === undefined) return;
    if (containers.length === 0) {
      errors.push(`unable to find container named ${pattern}`);
      return;
    }
    for (const c of containers) {
      const resources = (c.resources !== null && typeof c.resources === 'object' ? c.resources : {}) as Json;
      for (const [field, values] of [['limits', limits], ['requests', requests]] as const) {
        if (values.size === 0) continue;
        const list = (resources[field] !== null && typeof resources[field] === 'object' ? resources[field] : {}) as Json;
        for (const [name, value] of values) list[name] = value;
        resources[field] = list;
      }
      c.resources = resources;
    }
  }, { patchError: (m) => `failed to patch resources update to pod template ${m}` });
}
