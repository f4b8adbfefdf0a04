/**
 * `logs`: kubectl's LogsOptions. The pods come from the argument (a pod, or `TYPE/NAME` through its
 * selector) or from `-l`; one log request per pod and container; without `-f` the logs print one
 * after the other, with `-f` they stream concurrently (at most `--max-log-requests`), line by line
 * with a `[pod/NAME/CONTAINER]` prefix when asked or when there are several pods. `-f` of a
 * workload, service or selector follows every pod it picks, those that come later too
 * (`follow-workload.ts`).
 */
import type { PlatformClient } from '../../../sdk/client.js';
import type { PodLogOptions } from '../../../sdk/streams/pod-log.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import type { Output } from '../../io/io.js';
import { byteSink } from '../../io/terminal.js';
import { containerNames, defaultContainer, podsForObject, type PodObject } from '../../../sdk/pods/pods-for-object.js';

const USAGE_MESSAGE = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command";

interface LogRequest {
  pod: string;
  container: string;
}

/** `TYPE/NAME` of something other than a pod: a workload or service whose pods are followed. */
function namesWorkload(arg: string): boolean {
  const slash = arg.indexOf('/');
  return slash > 0 && !['po', 'pod', 'pods'].includes(arg.slice(0, slash).toLowerCase());
}

function sinceTimeOf(text: string): string {
  if (Number.isNaN(Date.parse(text)) || !/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    throw new UsageError(`parsing time "${text}" as "2006-01-02T15:04:05Z07:00": cannot parse "${text}" as "2006"`, false);
  }
  return text;
}

function requestsFor(ctx: CommandContext, pods: PodObject[], flags: Flags, container: string): LogRequest[] {
  const out: LogRequest[] = [];
  for (const pod of pods) {
    const name = pod.metadata?.name ?? '';
    if (flags.bool('all-containers')) {
      for (const c of [...containerNames(pod, 'initContainers'), ...containerNames(pod, 'containers'), ...containerNames(pod, 'ephemeralContainers')]) out.push({ pod: name, container: c });
    } else if (container !== '') {
      out.push({ pod: name, container });
    } else {
      out.push({ pod: name, container: defaultContainer(pod, (line) => ctx.io.stderr.write(`${line}\n`)) });
    }
  }
  return out;
}

/**
 * Copies one log to stdout, line by line with a prefix, or as it comes: as bytes, as kubectl does
 * (no decoding and encoding again of every chunk; bytes that are not UTF-8 stay as they were).
 */
async function copyLog(client: PlatformClient, namespace: string, r: LogRequest, options: PodLogOptions, prefix: boolean, out: Output): Promise<void> {
  const pods = client.pods(namespace);
  if (prefix) {
    for await (const line of pods.logLines(r.pod, { ...options, container: r.container })) out.write(`[pod/${r.pod}/${r.container}] ${line}\n`);
    return;
  }
  const sink = byteSink(out);
  for await (const chunk of pods.log(r.pod, { ...options, container: r.container })) sink.write(chunk);
  sink.end();
}

export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  const selector = flags.string('selector') ?? '';
  if (selector !== '' && args.length > 0) throw new UsageError('only a selector (-l) or a POD name is allowed');
  if ((selector === '' && args.length === 0) || args.length > 2) throw new UsageError(USAGE_MESSAGE);
  if (flags.bool('all-containers') && flags.changed('container')) throw new UsageError('--container cannot be used with --all-containers');
  const sinceText = flags.string('since-time') ?? '';
  const sinceMs = flags.durationMs('since') ?? 0;
  if (sinceText !== '' && sinceMs !== 0) throw new UsageError('at most one of `sinceTime` or `sinceSeconds` may be specified', false);
  const limitBytes = flags.int('limit-bytes') ?? 0;
  if (limitBytes < 0) throw new UsageError('--limit-bytes must be greater than 0', false);
  const maxRequests = flags.int('max-log-requests') ?? 5;
  if (maxRequests <= 0) throw new UsageError('--max-log-requests must be greater than 0', false);
  const timeoutMs = flags.durationMs('pod-running-timeout') ?? 20_000;
  if (timeoutMs <= 0) throw new UsageError('--pod-running-timeout must be higher than zero', false);

  const client = await ctx.client();
  const { namespace } = await ctx.namespace();
  const signal = ctx.io.signal;
  const follow = flags.bool('follow');
  // Following a workload or a selector follows all of its pods, those that come later too.
  const followAll = follow && !flags.bool('previous') && (selector !== '' || namesWorkload(args[0] ?? ''));
  let pods: PodObject[];
  if (selector !== '') {
    const list = await client.pods(namespace).list({ labelSelector: selector, signal });
    pods = list.items as unknown as PodObject[];
    if (pods.length === 0 && !followAll) {
      ctx.io.stderr.write(`No resources found in ${namespace} namespace.\n`);
      return 0;
    }
  } else if (followAll) {
    pods = [];
  } else {
    const allPods = flags.bool('all-pods');
    pods = await podsForObject(client, args[0] ?? '', undefined, {
      namespace, all: allPods, timeoutMs, signal,
      picked: (total, pod) => ctx.io.stderr.write(`Found ${total} pods, using pod/${pod.metadata?.name ?? ''}\n`),
    });
  }
  // `logs POD CONTAINER` is the old way of naming the container.
  const container = args.length === 2 ? args[1] ?? '' : flags.string('container') ?? '';
  const requests = requestsFor(ctx, pods, flags, container);
  if (follow && requests.length > maxRequests) {
    throw new UsageError(`you are attempting to follow ${requests.length} log streams, but maximum allowed concurrency is ${maxRequests}, use --max-log-requests to increase the limit`, false);
  }
  const options: PodLogOptions = { signal, follow, previous: flags.bool('previous'), timestamps: flags.bool('timestamps') };
  const tail = flags.int('tail') ?? -1;
  if (tail >= 0) options.tailLines = tail;
  else if (selector !== '') options.tailLines = 10;
  if (limitBytes > 0) options.limitBytes = limitBytes;
  if (sinceMs > 0) options.sinceSeconds = Math.ceil(sinceMs / 1000);
  if (sinceText !== '') options.sinceTime = sinceTimeOf(sinceText);
  const prefix = flags.bool('prefix') || flags.bool('all-pods');
  if (followAll) {
    const { followWorkload } = await import('./follow-workload.js');
    await followWorkload(ctx, client, {
      target: selector !== '' ? { selector } : args[0] ?? '', namespace, container, allContainers: flags.bool('all-containers'),
      tailLines: options.tailLines, sinceSeconds: options.sinceSeconds, sinceTime: sinceText === '' ? undefined : sinceText,
      maxStreams: maxRequests, timestamps: flags.bool('timestamps'), prefix,
    });
    return 0;
  }
  const ignoreErrors = flags.bool('ignore-errors');
  if (!follow) {
    for (const r of requests) await copyLog(client, namespace, r, options, prefix, ctx.io.stdout);
    return 0;
  }
  const results = await Promise.allSettled(requests.map(async (r) => {
    try {
      await copyLog(client, namespace, r, options, prefix || requests.length > 1, ctx.io.stdout);
    } catch (e) {
      if (signal.aborted) return;
      if (!ignoreErrors) throw e;
      ctx.io.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    }
  }));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed !== undefined) throw failed.reason;
  return 0;
}
