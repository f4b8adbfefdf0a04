/**
 * `drain`: cordons the nodes, then per node lists its pods (`spec.nodeName`, `--pod-selector`),
 * runs kubectl's filters (warnings on stderr, refusals end the node's drain), and evicts the
 * pods through `pods/eviction` (retrying every 5 s while a PodDisruptionBudget refuses) or, with
 * `--disable-eviction`, deletes them; then waits for each to be gone and prints
 * `pod/x evicted` and `node/n drained`.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import { StatusError } from '../../../sdk/errors.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import { timeoutSignal } from '../../../sdk/timeout-signal.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { ExitError } from '../../framework/usage-error.js';
import { dryRunMode, dryRunSuffix } from '../../writes/dry-run.js';
import { errorsOf, filterPod, warningsOf } from './shared/filters.js';
import { formatGoDuration } from '../../../machinery/go-duration.js';
import { cordonNodes, nodesOf } from './shared/nodes.js';
import { oneTermEqualSelector } from '../../../machinery/fields/selector.js';
import { sleepUnlessAborted } from '../../../machinery/sleep.js';

const PODS = { group: '', version: 'v1', resource: 'pods', namespaced: true, kind: 'Pod' } as const;
const RETRY_MS = 5000;

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Runs `drain`. */
export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<void> {
  const client = await ctx.client();
  const nodes = await nodesOf(ctx, client, args, flags, 'drain NODE');
  await cordonNodes(ctx, client, nodes, flags, true);
  const fatal: string[] = [];
  const remaining: string[] = [];
  for (const node of nodes) {
    const name = node.metadata?.name ?? '';
    try {
      await drainNode(ctx, client, name, flags);
      ctx.io.stdout.write(`node/${name} drained${dryRunSuffix(dryRunMode(flags))}\n`);
    } catch (err) {
      ctx.io.stderr.write(`error: unable to drain node ${JSON.stringify(name)} due to error: ${message(err)}, continuing command...\n`);
      fatal.push(message(err));
      remaining.push(name);
    }
  }
  if (remaining.length > 0) {
    ctx.io.stderr.write('There are pending nodes to be drained:\n');
    for (const n of remaining) ctx.io.stderr.write(` ${n}\n`);
    // kubectl reports the aggregate of the failures one per line, without the `error: ` prefix.
    ctx.io.stderr.write(`${fatal.join('\n')}\n`);
    throw new ExitError(1);
  }
}

async function podsOn(ctx: CommandContext, client: PlatformClient, node: string, podSelector: string, chunk: number): Promise<KubeObject[]> {
  const rc = client.resource(PODS).allNamespaces();
  const out: KubeObject[] = [];
  for await (const page of rc.listPages({ fieldSelector: oneTermEqualSelector('spec.nodeName', node), labelSelector: podSelector, limit: chunk > 0 ? chunk : undefined, signal: ctx.io.signal } as Parameters<typeof rc.listPages>[0])) {
    out.push(...page.items);
  }
  return out;
}

async function drainNode(ctx: CommandContext, client: PlatformClient, node: string, flags: Flags): Promise<void> {
  const podSelector = flags.string('pod-selector') ?? '';
  const dryRun = dryRunMode(flags);
  const pods = await podsOn(ctx, client, node, podSelector, flags.int('chunk-size') ?? 500);
  const dsClient = client.resource({ group: 'apps', version: 'v1', resource: 'daemonsets', namespaced: true, kind: 'DaemonSet' });
  const verdicts = await Promise.all(pods.map((pod) => filterPod(pod, {
    force: flags.bool('force'), ignoreDaemonSets: flags.bool('ignore-daemonsets'), deleteEmptyDirData: flags.bool('delete-emptydir-data'),
    skipWaitForDeleteTimeoutSeconds: flags.int('skip-wait-for-delete-timeout') ?? 0, now: ctx.io.now().getTime(),
    async daemonSetExists(namespace, name) {
      try {
        await dsClient.namespace(namespace).get(name, { signal: ctx.io.signal });
        return { exists: true };
      } catch (err) {
        return { exists: false, error: message(err) };
      }
    },
  })));
  const errors = errorsOf(verdicts);
  if (errors.length > 0) throw new Error(errors.length === 1 ? errors[0] : `[${errors.join(', ')}]`);
  const warnings = warningsOf(verdicts);
  if (warnings !== '') ctx.warn(warnings);
  const victims = verdicts.filter((v) => v.remove).map((v) => v.pod);
  if (dryRun === 'client') {
    for (const p of victims) ctx.io.stdout.write(`evicting pod ${p.metadata?.namespace ?? ''}/${p.metadata?.name ?? ''} (dry run)\n`);
    return;
  }
  if (victims.length === 0) return;
  const timeoutMs = flags.durationMs('timeout') ?? 0;
  const grace = flags.int('grace-period') ?? -1;
  const deadline = timeoutMs > 0 ? timeoutSignal(timeoutMs) : undefined;
  const signal = deadline === undefined ? ctx.io.signal : AbortSignal.any([ctx.io.signal, deadline]);
  const useEviction = !flags.bool('disable-eviction') && await evictionSupported(client, ctx.io.signal);
  const skipSeconds = flags.int('skip-wait-for-delete-timeout') ?? 0;
  const skip: SkipWait = {
    seconds: skipSeconds,
    now: () => ctx.io.now().getTime(),
    skipped: (name) => ctx.io.stdout.write(`pod ${JSON.stringify(name)} has DeletionTimestamp older than ${skipSeconds} seconds, skipping\n`),
  };
  const failures: string[] = [];
  if (useEviction) {
    await Promise.all(victims.map(async (pod) => {
      try {
        await evictOne(ctx, client, pod, grace, dryRun === 'server', signal, timeoutMs, skip);
      } catch (err) {
        failures.push(message(err));
      }
    }));
  } else {
    const rc = client.resource(PODS);
    for (const pod of victims) {
      try {
        await rc.namespace(pod.metadata?.namespace ?? '').delete(pod.metadata?.name ?? '', { signal: ctx.io.signal, ...(grace >= 0 ? { gracePeriodSeconds: grace } : {}), ...(dryRun === 'server' ? { dryRun: true } : {}) });
      } catch (err) {
        if (!(err instanceof StatusError && err.code === 404)) throw err;
      }
    }
    await Promise.all(victims.map(async (pod) => {
      try {
        if (dryRun === 'server' || await waitGone(client, pod, signal, skip)) ctx.io.stdout.write(`pod/${pod.metadata?.name ?? ''} deleted\n`);
      } catch (err) {
        ctx.io.stdout.write(`pod/${pod.metadata?.name ?? ''} deletion failed\n`);
        failures.push(message(err));
      }
    }));
  }
  if (failures.length > 0) {
    const pending = (await podsOn(ctx, client, node, podSelector, 500)).filter((p) => victims.some((v) => v.metadata?.uid === p.metadata?.uid));
    const summary = failures.length === 1 ? failures[0] ?? '' : `[${failures.join(', ')}]`;
    if (pending.length > 0) {
      ctx.io.stderr.write(`There are pending pods in node ${JSON.stringify(node)} when an error occurred: ${summary}\n`);
      for (const p of pending) ctx.io.stderr.write(`pod/${p.metadata?.name ?? ''}\n`);
    }
    throw new Error(summary);
  }
}

/** `CheckEvictionSupport`: the server lists `pods/eviction`. */
async function evictionSupported(client: PlatformClient, signal: AbortSignal): Promise<boolean> {
  try {
    const list = await client.rest.json<{ resources?: { name?: string }[] }>({ method: 'GET', path: '/api/v1', signal });
    return (list.resources ?? []).some((r) => r.name === 'pods/eviction');
  } catch {
    return false;
  }
}

async function evictOne(ctx: CommandContext, client: PlatformClient, pod: KubeObject, grace: number, serverDryRun: boolean, signal: AbortSignal, timeoutMs: number, skip: SkipWait): Promise<void> {
  const ns = pod.metadata?.namespace ?? '';
  const name = pod.metadata?.name ?? '';
  const rc = client.resource(PODS, ns);
  for (;;) {
    ctx.io.stdout.write(serverDryRun ? `evicting pod ${ns}/${name} (server dry run)\n` : `evicting pod ${ns}/${name}\n`);
    if (signal.aborted) throw new Error(`error when evicting pods/${JSON.stringify(name)} -n ${JSON.stringify(ns)}: global timeout reached: ${formatGoDuration(timeoutMs)}`);
    const deleteOptions: Record<string, unknown> = {};
    if (grace >= 0) deleteOptions.gracePeriodSeconds = grace;
    if (serverDryRun) deleteOptions.dryRun = ['All'];
    const body = { apiVersion: 'policy/v1', kind: 'Eviction', metadata: { name, namespace: ns }, ...(Object.keys(deleteOptions).length > 0 ? { deleteOptions } : {}) };
    try {
      await rc.create(body as KubeObject, { subresource: 'eviction', name, signal: ctx.io.signal });
      break;
    } catch (err) {
      if (err instanceof StatusError && err.code === 404) return;
      if (err instanceof StatusError && err.code === 429) {
        ctx.io.stderr.write(`error when evicting pods/${JSON.stringify(name)} -n ${JSON.stringify(ns)} (will retry after 5s): ${err.message}\n`);
        await sleepUnlessAborted(RETRY_MS, signal);
        continue;
      }
      throw new Error(`error when evicting pods/${JSON.stringify(name)} -n ${JSON.stringify(ns)}: ${message(err)}`);
    }
  }
  if (serverDryRun) return;
  try {
    if (await waitGone(client, pod, signal, skip)) ctx.io.stdout.write(`pod/${name} evicted\n`);
  } catch (err) {
    ctx.io.stdout.write(`pod/${name} eviction failed\n`);
    throw new Error(`error when waiting for pod ${JSON.stringify(name)} in namespace ${JSON.stringify(ns)} to terminate: ${message(err)}`);
  }
}

/** `--skip-wait-for-delete-timeout`: stop waiting for a pod deleted longer ago than this. */
interface SkipWait {
  seconds: number;
  now: () => number;
  /** Prints kubectl's line for a pod no longer waited for. */
  skipped: (name: string) => void;
}

/**
 * Polls every second until the pod is gone (or replaced by one with another uid), or, as kubectl's
 * waitForDelete, until its deletionTimestamp is older than --skip-wait-for-delete-timeout (a pod on
 * a node that does not run it stays Terminating). Returns false for a pod no longer waited for.
 */
async function waitGone(client: PlatformClient, pod: KubeObject, signal: AbortSignal, skip?: SkipWait): Promise<boolean> {
  const rc = client.resource(PODS, pod.metadata?.namespace ?? '');
  for (;;) {
    try {
      const current = await rc.get(pod.metadata?.name ?? '', { signal });
      if (current.metadata?.uid !== pod.metadata?.uid) return true;
      const deletedAt = Date.parse(current.metadata?.deletionTimestamp ?? '');
      if (skip !== undefined && skip.seconds > 0 && !Number.isNaN(deletedAt) && Math.floor((skip.now() - deletedAt) / 1000) > skip.seconds) {
        skip.skipped(pod.metadata?.name ?? '');
        return false;
      }
    } catch (err) {
      if (err instanceof StatusError && err.code === 404) return true;
      if (signal.aborted) throw new Error('context deadline exceeded');
      throw err;
    }
    if (signal.aborted) throw new Error('context deadline exceeded');
    await sleepUnlessAborted(1000, signal);
  }
}
