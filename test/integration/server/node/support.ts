/**
 * Helpers of the node tests: a server whose node runs pods as processes with short back-offs and
 * intervals, small Node programs as containers (`process.execPath -e ...`), waiting for a pod to
 * reach a state, and a look at the process table for leftovers.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { NodeOptions } from '../../../../src/server/node/options.js';
import { CONTAINER_INIT_MARK } from '../../../../src/server/node/runtime/process/container-init.js';
import { arrayAt, at, type ApiClient, type Body } from '../../../support/api.js';

/** Node options for tests: everything that waits, shortened. */
export function fastNode(extra: Partial<NodeOptions> = {}): NodeOptions {
  return {
    runtime: 'process', backoffInitialMs: 300, backoffMaxMs: 5000, leaseRenewIntervalMs: 500, nodeStatusIntervalMs: 500,
    nodeMonitorPeriodMs: 200, metricsResolutionMs: 400, shutdownGracePeriodMs: 3000, ...extra,
  };
}

/** A container running a JavaScript program with this Node binary. */
export function nodeContainer(name: string, program: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, image: 'node:20-alpine', command: [process.execPath, '-e', program], ...extra };
}

/** A pod object. */
export function podOf(name: string, spec: Record<string, unknown>, labels: Record<string, string> = {}): Record<string, unknown> {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, labels }, spec: { terminationGracePeriodSeconds: 2, ...spec } };
}

/** Waits until `check` returns a value (polling every 50 ms). */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The pod once `ok(pod)` holds. */
export function waitForPod(api: ApiClient, ns: string, name: string, what: string, ok: (pod: Body) => boolean, timeoutMs?: number): Promise<Body> {
  return waitFor(`${ns}/${name} ${what}`, async () => {
    const r = await api.get(`/api/v1/namespaces/${ns}/pods/${name}`);
    return r.status === 200 && ok(r.body) ? r.body : undefined;
  }, timeoutMs);
}

/** The status of a pod condition. */
export function condition(pod: Body, type: string): Body | undefined {
  return arrayAt(pod, 'status.conditions').find((c) => at(c, 'type') === type) as Body | undefined;
}

/** The first container status (or the named one). */
export function containerStatus(pod: Body, name?: string, list = 'containerStatuses'): Body {
  const all = arrayAt(pod, `status.${list}`) as Body[];
  return (name === undefined ? all[0] : all.find((c) => c.name === name)) ?? {};
}

/** Reasons and messages of the events about an object. */
export async function eventsFor(api: ApiClient, ns: string, name: string): Promise<{ reason: string; message: string; type: string; component: string; count: number }[]> {
  const r = await api.get(`/api/v1/namespaces/${ns}/events`);
  return (arrayAt(r.body, 'items') as Body[]).filter((e) => at(e, 'involvedObject.name') === name).map((e) => ({
    reason: String(e.reason), message: String(e.message), type: String(e.type), component: String(at(e, 'source.component')), count: Number(e.count),
  }));
}

/** Deletes a pod and waits until it is gone. */
export async function deletePod(api: ApiClient, ns: string, name: string, timeoutMs = 15_000): Promise<void> {
  await api.delete(`/api/v1/namespaces/${ns}/pods/${name}`);
  await waitFor(`${ns}/${name} to be gone`, async () => ((await api.get(`/api/v1/namespaces/${ns}/pods/${name}`)).status === 404 ? true : undefined), timeoutMs);
}

/** Pids of live processes whose command line contains `marker`. */
export function processesWith(marker: string, options: { inits?: boolean } = {}): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      const state = /\) (\S) /.exec(readFileSync(`/proc/${name}/stat`, 'utf8'))?.[1];
      // A container's init carries its command line too; it counts only when asked for.
      if (!options.inits && cmd.includes(CONTAINER_INIT_MARK)) continue;
      if (cmd.includes(marker) && state !== 'Z') out.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** True where the process table can be read (Linux). */
export const HAS_PROC = process.platform === 'linux';
