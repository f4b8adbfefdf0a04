/**
 * `get --watch` / `--watch-only` (and the `watch` command): prints the objects (unless
 * --watch-only), then every change, through the SDK's resumable watch, so the output continues
 * across dropped connections, server timeouts and expired history without repeating or losing
 * rows, reconnecting with backoff (a one-line notice on stderr for each failed attempt) until
 * Ctrl-C (exit code 130) or --request-timeout (exit code 0) ends it.
 */
import { paintEventType } from '../../io/colors.js';
import type { PlatformClient } from '../../../sdk/client.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { WatchEvent } from '../../../sdk/types/watch.js';
import type { ResumeInfo } from '../../../sdk/watch/watcher.js';
import { TableOutput } from '../../../printers/table/table-output.js';
import type { CommandContext } from '../../framework/context.js';
import { UsageError } from '../../framework/usage-error.js';
import type { Printer } from '../../output/printer.js';
import { clientForQuery } from '../../resource/fetch.js';
import type { ResolvedResources, ResourceQuery } from '../../resource/resolve.js';
import type { ResourceSelection } from '../../resource/selection.js';
import type { TableRowItem } from './table-source.js';
import { watchDeadline } from './watch-deadline.js';
import { oneTermEqualSelector } from '../../../machinery/fields/selector.js';
import { apiVersionOf } from '../../../machinery/group-version.js';

/** Options of {@link watchResources}. */
export interface WatchResourcesOptions {
  printer: Printer;
  selection: ResourceSelection;
  chunkSize: number;
  /** Do not print the current objects, only changes. */
  watchOnly: boolean;
  /** Print events (`EVENT` column, `{type, object}` documents) rather than objects. */
  outputWatchEvents: boolean;
  /** Server-side duration of each watch request, in seconds (tests use short ones). */
  timeoutSeconds?: number;
  /** `--server-print` (default true): watch the server's Table rows rather than objects. */
  serverPrint?: boolean;
}

/** The single query a watch follows, or kubectl's error. */
function singleQuery(resolved: ResolvedResources): ResourceQuery & { name: string | undefined } {
  const count = resolved.queries.reduce((n, q) => n + (q.names?.length ?? 1), 0);
  const [query] = resolved.queries;
  if (query === undefined || count !== 1) {
    throw new UsageError(`watch is only supported on individual resources and resource collections, but ${count} resources were found`, false);
  }
  return { ...query, name: query.names?.[0] };
}

function describeResume(info: ResumeInfo): string {
  switch (info.reason) {
    case 'ended': return `watch ended by the server; resuming from resource version ${info.resourceVersion ?? '""'}`;
    case 'expired': return `watch history expired; listed again at resource version ${info.resourceVersion ?? '""'}`;
    default: return `watch failed (attempt ${info.attempt}): ${(info.error as Error | undefined)?.message ?? 'unknown error'}; resuming from resource version ${info.resourceVersion ?? '""'}`;
  }
}

/**
 * A failure worth a notice: connecting failed (refused, TLS handshake timeout...), or failures
 * repeat. A stream that drops and reconnects at once stays quiet (`-v=2` logs it).
 */
function cannotReconnect(info: ResumeInfo): boolean {
  if (info.reason !== 'failed') return false;
  const err = info.error as { afterResponse?: unknown } | undefined;
  return info.attempt >= 2 || err?.afterResponse !== true;
}

/** The one line a failed reconnect prints whatever the verbosity: the watch is not stuck, it retries. */
function reconnectNotice(info: ResumeInfo): string {
  const err = info.error as { reason?: unknown; message?: unknown } | undefined;
  const why = typeof err?.reason === 'string' ? err.reason : typeof err?.message === 'string' ? err.message : 'unknown error';
  const wait = info.retryInMs === undefined ? '' : ` in ${formatSeconds(info.retryInMs)}`;
  return `watch: cannot reach the server (${why}); retrying${wait} (attempt ${info.attempt + 1})`;
}

function formatSeconds(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${Math.round(ms / 100) / 10}s`;
}

/** Watches the one type (or object) of the command line and prints as `get -w` prints. */
export async function watchResources(ctx: CommandContext, client: PlatformClient, resolved: ResolvedResources, options: WatchResourcesOptions): Promise<void> {
  const query = singleQuery(resolved);
  const deadline = await watchDeadline(ctx);
  try {
    await watchQuery(ctx, client, query, options, deadline.signal);
  } finally {
    deadline.ended();
  }
}

async function watchQuery(ctx: CommandContext, client: PlatformClient, query: ResourceQuery & { name: string | undefined }, options: WatchResourcesOptions, signal: AbortSignal): Promise<void> {
  const { watch } = await import('../../../sdk/watch/watcher.js');
  const { selection, printer } = options;
  let fieldSelector = selection.fieldSelector;
  if (query.name !== undefined) {
    // A named object must exist (kubectl's NotFound), then it is watched by a name selector.
    await clientForQuery(client, query).get(query.name, { signal });
    const pin = oneTermEqualSelector('metadata.name', query.name);
    fieldSelector = fieldSelector === '' ? pin : `${fieldSelector},${pin}`;
  }
  const watchOptions = {
    signal,
    listChunkSize: options.chunkSize > 0 ? options.chunkSize : 500,
    ...(selection.labelSelector === '' ? {} : { labelSelector: selection.labelSelector }),
    ...(fieldSelector === '' ? {} : { fieldSelector }),
    ...(options.timeoutSeconds === undefined ? {} : { timeoutSeconds: options.timeoutSeconds }),
    // The watch keeps reconnecting until Ctrl-C (or --request-timeout), saying so each time.
    maxRetries: Number.POSITIVE_INFINITY,
    onResume: (info: ResumeInfo) => {
      if (cannotReconnect(info) && ctx.globals.verbosity < 2) ctx.io.stderr.write(`${reconnectNotice(info)}\n`);
      else ctx.log(2, describeResume(info));
    },
  };
  let listed = false;
  const show = (): boolean => listed || !options.watchOnly;

  if (printer.humanReadable) {
    const { tableWatchSource } = await import('./table-source.js');
    const out = new TableOutput();
    const { mapping } = query;
    const colors = ctx.colors.stdout;
    out.startType({
      ...printer.table,
      withNamespace: selection.allNamespaces && mapping.namespaced,
      kind: { group: mapping.group, kind: mapping.kind },
      ...(colors.enabled ? { paintEvent: (type: string, cell: string) => paintEventType(colors, type, cell) } : {}),
    });
    const emit = (): void => {
      out.flush();
      const text = out.take();
      if (text !== '') ctx.io.stdout.write(text);
    };
    const source = tableWatchSource(client, mapping, query.namespace, () => ctx.io.now(), options.serverPrint ?? true);
    // The initial list is aligned as one table and goes out once it is complete.
    const onListed = (): void => {
      listed = true;
      emit();
    };
    for await (const event of watch(source, { ...watchOptions, onListed })) {
      if (!show() || event.type === 'ERROR') continue;
      out.printTable((event.object as TableRowItem).table, options.outputWatchEvents ? event.type : undefined);
      // Every change after the list goes out at once.
      if (listed) emit();
    }
    emit();
    return;
  }

  const rc = clientForQuery(client, query);
  const onListed = (): void => {
    listed = true;
  };
  for await (const event of watch(rc, { ...watchOptions, onListed })) {
    if (!show() || event.type === 'ERROR') continue;
    const object = withKind(event.object as KubeObject, query);
    const text = options.outputWatchEvents ? printer.printEvent({ type: event.type, object } as WatchEvent) : printer.printStreamed(object);
    ctx.io.stdout.write(text);
  }
}

function withKind(object: KubeObject, query: ResourceQuery): KubeObject {
  if (object.kind !== undefined && object.kind !== '') return object;
  const { group, version, kind } = query.mapping;
  return { apiVersion: apiVersionOf({ group, version }), kind, ...object };
}
