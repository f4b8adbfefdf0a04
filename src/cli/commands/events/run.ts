/**
 * `events`: lists core/v1 Events (chunked, one namespace or all), filtered by `--types` and
 * `--for TYPE/NAME` (a field selector on the involved object's kind, apiVersion and name), sorted
 * by when they were last seen and printed as kubectl's event table or with `-o`; `-w` follows
 * new events with the SDK's watch until interrupted or until `--request-timeout` (which ends it
 * with exit code 0, as kubectl's watch ends when the request times out).
 */
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { printerFor } from '../../output/index.js';
import { oneTermEqualSelector } from '../../../machinery/fields/selector.js';
import { apiVersionOf } from '../../../machinery/group-version.js';

const EVENTS = { group: '', version: 'v1', resource: 'events', namespaced: true, kind: 'Event' } as const;

/** Runs `events`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  if (args.length > 0) throw new UsageError(`unknown command ${JSON.stringify(args[0])} for "${'platformctl'} events"`);
  const types = [...new Set(flags.strings('types'))].sort();
  for (const t of types) if (t.toLowerCase() !== 'normal' && t.toLowerCase() !== 'warning') throw new UsageError('valid --types are Normal or Warning', false);
  const allNamespaces = flags.bool('all-namespaces');
  const client = await ctx.client();
  const { namespace } = await ctx.namespace();
  let fieldSelector: string | undefined;
  const forObject = flags.string('for') ?? '';
  if (forObject !== '') {
    const parts = forObject.split('/');
    if (parts.length < 2) throw new UsageError('--for must be in resource/name form', false);
    if (parts.length > 2) throw new UsageError('arguments in resource/name form may not have more than one slash', false);
    const mapping = await client.mapper.resourceFor((parts[0] ?? '').toLowerCase(), { signal: ctx.io.signal });
    const apiVersion = apiVersionOf(mapping);
    fieldSelector = [oneTermEqualSelector('involvedObject.kind', mapping.kind), oneTermEqualSelector('involvedObject.apiVersion', apiVersion), oneTermEqualSelector('involvedObject.name', parts[1] ?? '')].join(',');
  }
  const keep = (e: KubeObject): boolean => types.length === 0 || types.some((t) => t.toLowerCase() === String((e as { type?: string }).type ?? '').toLowerCase());
  const printer = (flags.string('output') ?? '') === '' ? undefined : await printerFor(flags, ctx.io, { human: false });
  const { formatEvents, sortEvents } = await import('../../../printers/events/event-table.js');
  const rc = allNamespaces ? client.resource(EVENTS).allNamespaces() : client.resource(EVENTS, namespace);
  const chunk = flags.int('chunk-size') ?? 500;
  const withType = (e: KubeObject): KubeObject => ({ ...e, apiVersion: e.apiVersion ?? 'v1', kind: e.kind ?? 'Event' });
  if (flags.bool('watch')) {
    const [{ watch }, { watchDeadline }] = await Promise.all([import('../../../sdk/watch/watcher.js'), import('../get/watch-deadline.js')]);
    // --request-timeout ends the watch as it ends kubectl's.
    const deadline = await watchDeadline(ctx);
    let headers = !flags.bool('no-headers');
    try {
      for await (const event of watch(rc, { ...(fieldSelector === undefined ? {} : { fieldSelector }), signal: deadline.signal })) {
        if (event.type === 'DELETED') continue;
        const e = withType(event.object as KubeObject);
        if (!keep(e)) continue;
        if (printer !== undefined) ctx.io.stdout.write(printer.printStreamed(e));
        else ctx.io.stdout.write(formatEvents([e], { now: ctx.io.now().getTime(), allNamespaces, headers }));
        headers = false;
      }
    } finally {
      deadline.ended();
    }
    return;
  }
  const items: KubeObject[] = [];
  for await (const page of rc.listPages({ ...(fieldSelector === undefined ? {} : { fieldSelector }), ...(chunk > 0 ? { limit: chunk } : {}), signal: ctx.io.signal })) {
    items.push(...page.items.map(withType).filter(keep));
  }
  if (items.length === 0) {
    ctx.io.stderr.write(allNamespaces ? 'No events found.\n' : `No events found in ${namespace} namespace.\n`);
    return;
  }
  const sorted = sortEvents(items);
  if (printer !== undefined) {
    ctx.io.stdout.write(printer.printObjects(sorted, false));
    return;
  }
  ctx.io.stdout.write(formatEvents(sorted, { now: ctx.io.now().getTime(), allNamespaces, headers: !flags.bool('no-headers') }));
}
