/**
 * `platformctl describe`: resolves the objects (by name, name prefix, selector, or `-f`), fetches
 * what each describer shows (events and related objects), and prints the descriptions separated
 * by blank lines, as kubectl does.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import { queriesFromInput } from '../get/queries.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import { clientForQuery, fetchObjects, isNotFound, withTypeMeta } from '../../resource/fetch.js';
import type { ResolvedResources, ResourceQuery } from '../../resource/resolve.js';
import { selectionFromFlags, type ResourceSelection } from '../../resource/selection.js';
import { hasManifestInput } from '../../manifests/manifest-flags.js';
import { throwCollected } from '../get/errors.js';

/**
 * The objects of a named query: each name exactly, else (kubectl's NAME_PREFIX) every object whose
 * name starts with it; the NotFound error when neither exists.
 */
async function namedObjects(client: PlatformClient, query: ResourceQuery, name: string, signal: AbortSignal, errors: unknown[]): Promise<KubeObject[]> {
  const rc = clientForQuery(client, query);
  try {
    return [withTypeMeta(await rc.get(name, { signal }), query.mapping)];
  } catch (err) {
    if (!isNotFound(err)) {
      errors.push(err);
      return [];
    }
    const matches: KubeObject[] = [];
    for await (const item of rc.listAll({ signal })) if ((item.metadata?.name ?? '').startsWith(name)) matches.push(withTypeMeta(item, query.mapping));
    if (matches.length === 0) errors.push(err);
    return matches;
  }
}

async function objectsOf(ctx: CommandContext, client: PlatformClient, resolved: ResolvedResources, selection: ResourceSelection, chunkSize: number, errors: unknown[]): Promise<KubeObject[]> {
  const out: KubeObject[] = [];
  for (const query of resolved.queries) {
    if (query.names !== undefined) {
      for (const name of query.names) out.push(...(await namedObjects(client, query, name, ctx.io.signal, errors)));
      continue;
    }
    for await (const chunk of fetchObjects(client, query, { selection, chunkSize, signal: ctx.io.signal })) out.push(...chunk);
  }
  return out;
}

/** Runs `describe`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const files = flags.strings('filename');
  const fromFiles = hasManifestInput(flags);
  if (args.length === 0 && !fromFiles) {
    throw new UsageError('Required resource not specified.');
  }
  if (fromFiles && args.length > 0) {
    throw new UsageError('when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well', false);
  }
  const client = await ctx.client({ stdinInUse: files.includes('-') });
  const selection = selectionFromFlags(flags);
  const { resolved, namespace, readErrors } = await queriesFromInput(ctx, flags, client, args, fromFiles);
  const chunkSize = flags.int('chunk-size') ?? 500;
  const errors: unknown[] = [];
  const objects = await objectsOf(ctx, client, resolved, selection, chunkSize, errors);
  errors.push(...readErrors);
  if (objects.length === 0 && errors.length === 0) {
    ctx.io.stderr.write(selection.allNamespaces ? 'No resources found\n' : `No resources found in ${namespace} namespace.\n`);
    return;
  }
  const [{ describeObject }, { describableObject, fetchRelated }] = await Promise.all([import('../../../printers/describe/describe.js'), import('./related.js')]);
  const relatedOptions = { showEvents: flags.bool('show-events'), chunkSize, signal: ctx.io.signal };
  const now = ctx.io.now();
  let first = true;
  for (const found of objects) {
    let text: string;
    try {
      const object = await describableObject(client, found, ctx.io.signal);
      const related = await fetchRelated(client, object, relatedOptions);
      text = describeObject(object, related, { now, showEvents: relatedOptions.showEvents, timeZoneOffset: (at) => -at.getTimezoneOffset(), timeZoneName: zoneAbbreviation });
    } catch (err) {
      // kubectl reports a describer's failure and goes on with the other objects.
      if (ctx.io.signal.aborted) throw err;
      errors.push(err);
      continue;
    }
    ctx.io.stdout.write(first ? text : `\n\n${text}`);
    first = false;
  }
  throwCollected(errors, ctx.commandPath);
}

/**
 * The local zone's abbreviation at an instant as the tz database names it (`CET`, `EST`, `UTC`),
 * which Go prints in `time.Time.String()`: Intl names European zones in British English and the
 * others in American English; a zone Intl can only name `GMT+1` has none (undefined).
 */
function zoneAbbreviation(at: Date): string | undefined {
  for (const locale of ['en-US', 'en-GB']) {
    const name = new Intl.DateTimeFormat(locale, { timeZoneName: 'short' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
    if (name !== undefined && !/^(GMT|UTC)[+-]/.test(name)) return name;
  }
  return undefined;
}
