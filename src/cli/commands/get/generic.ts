/**
 * Object output of `get` (`-o json|yaml|name|jsonpath...|custom-columns...`), as kubectl's
 * `printGeneric`: one object alone when one was named, otherwise every object in one
 * `kind: List` (or one line or row per object).
 */
import type { PlatformClient } from '../../../sdk/client.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Printer } from '../../output/printer.js';
import { fetchObjects } from '../../resource/fetch.js';
import type { ResolvedResources } from '../../resource/resolve.js';
import type { ResourceSelection } from '../../resource/selection.js';

/** What the object output of one `get` needs besides the queries. */
export interface GenericGetOptions {
  printer: Printer;
  selection: ResourceSelection;
  chunkSize: number;
  ignoreNotFound: boolean;
  subresource: string | undefined;
}

/** Prints the objects and returns the errors of single objects for the caller to report. */
export async function printGeneric(ctx: CommandContext, client: PlatformClient, resolved: ResolvedResources, options: GenericGetOptions): Promise<unknown[]> {
  const errors: unknown[] = [];
  const objects: KubeObject[] = [];
  const fetchOptions = {
    selection: options.selection,
    chunkSize: options.chunkSize,
    signal: ctx.io.signal,
    ignoreNotFound: options.ignoreNotFound,
    onError: (err: unknown) => errors.push(err),
    ...(options.subresource === undefined ? {} : { subresource: options.subresource }),
  };
  const { printer } = options;
  if (printer.format === 'json' && !resolved.singleItemImplied && printer.sortBy === undefined) {
    // A List in JSON is written as the chunks arrive (the same text, one chunk in memory).
    const { JsonListStream } = await import('./json-list-stream.js');
    const stream = new JsonListStream(ctx.io.stdout, printer.showManagedFields);
    for (const query of resolved.queries) {
      for await (const chunk of fetchObjects(client, query, fetchOptions)) {
        stream.write(chunk);
        await ctx.io.stdout.flush();
      }
    }
    if (!(stream.written === 0 && options.ignoreNotFound)) stream.end();
    return errors;
  }
  for (const query of resolved.queries) {
    for await (const chunk of fetchObjects(client, query, fetchOptions)) for (const o of chunk) objects.push(o);
  }
  // One object asked for and not there: only the error, no empty List.
  if (resolved.singleItemImplied && errors.length > 0) return errors;
  if (objects.length === 0 && options.ignoreNotFound) return errors;
  ctx.io.stdout.write(options.printer.printObjects(objects, resolved.singleItemImplied));
  return errors;
}
