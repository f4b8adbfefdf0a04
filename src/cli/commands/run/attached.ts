/**
 * `run --attach` / `run -i`: after the pod is created, wait for it to run and attach to its
 * container as `attach` does; a pod that finished before the attach had a chance shows its logs
 * instead (kubectl does the same). With `--restart=Never` the container's exit code becomes ours.
 * `--rm` deletes the pod afterwards with the deletion flags kubectl's `run` carries.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import type { KubeObject } from '../../../sdk/types/meta.js';
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { ExitError } from '../../framework/usage-error.js';
import { PlatformError } from '../../../sdk/errors.js';
import { gracePeriod, propagationPolicy } from '../delete/shared/delete-flags.js';

type ContainerStatus = { name?: string; state?: { terminated?: { exitCode?: number } } };

function terminatedCode(pod: KubeObject, container: string): number | undefined {
  const statuses = ((pod.status as { containerStatuses?: ContainerStatus[] } | undefined)?.containerStatuses ?? []);
  return statuses.find((s) => s.name === container)?.state?.terminated?.exitCode;
}

function phaseOf(pod: KubeObject): string {
  return String((pod.status as { phase?: unknown } | undefined)?.phase ?? '');
}

const PODS = { group: '', version: 'v1', resource: 'pods', namespaced: true, kind: 'Pod' } as const;

/** Waits on a watch of the pod until `until` holds; undefined when `timeoutMs` passes first. */
async function waitForPod(client: PlatformClient, namespace: string, name: string, until: (pod: KubeObject) => boolean, timeoutMs: number, signal: AbortSignal): Promise<KubeObject | undefined> {
  const { waitForObject, WaitTimeoutError } = await import('../../../sdk/apply/wait-for.js');
  try {
    return await waitForObject(client.resource(PODS, namespace), name, (pod) => pod !== undefined && until(pod), { timeoutMs, signal });
  } catch (err) {
    if (err instanceof WaitTimeoutError && !signal.aborted) return undefined;
    throw err;
  }
}

/** Attaches to the created pod `name` (container `name`); returns the exit code of `run`. */
export async function attachToRun(ctx: CommandContext, client: PlatformClient, namespace: string, name: string, restart: string, flags: Flags): Promise<number> {
  const { runSession, sessionTarget } = await import('../../pods/remote-session.js');
  const session = {
    container: name, stdin: flags.bool('stdin'), tty: flags.bool('tty'), quiet: flags.bool('quiet'),
    timeoutMs: flags.durationMs('pod-running-timeout') ?? 60_000,
  };
  let code = 0;
  try {
    // kubectl's pod-running timeout: the pod must run (or have finished) before the attach.
    const running = await waitForPod(client, namespace, name, (pod) => ['Running', 'Succeeded', 'Failed'].includes(phaseOf(pod)), session.timeoutMs, ctx.io.signal);
    if (running === undefined) throw new PlatformError('timed out waiting for the condition');
    const printLog = async (): Promise<void> => {
      // Finished before the attach: what it wrote is in its log.
      for await (const chunk of client.pods(namespace).log(name, { container: name, signal: ctx.io.signal })) ctx.io.stdout.write(chunk.toString('utf8'));
    };
    const finished = (pod: KubeObject): boolean => ['Succeeded', 'Failed'].includes(phaseOf(pod)) || terminatedCode(pod, name) !== undefined;
    if (finished(running)) {
      await printLog();
    } else {
      try {
        await sessionTarget(ctx, client, `pod/${name}`, undefined, session, 'attach');
        // Only a session that really runs raw (a terminal on stdin) gets kubectl's prompt hint.
        if (session.tty && session.stdin && ctx.io.stdinIsTTY && !session.quiet) ctx.io.stderr.write("If you don't see a command prompt, try pressing enter.\n");
        code = await runSession(ctx, session, (options) => client.pods(namespace).attach(name, options));
      } catch (err) {
        if (err instanceof ExitError) code = err.exitCode;
        else if (finished(await client.pods(namespace).get(name, { signal: ctx.io.signal }) as KubeObject)) await printLog();
        else throw err;
      }
    }
    if (restart === 'Never') {
      const finished = await waitForPod(client, namespace, name, (pod) => terminatedCode(pod, name) !== undefined, session.timeoutMs, ctx.io.signal);
      const exit = finished === undefined ? undefined : terminatedCode(finished, name);
      if (exit !== undefined) code = exit;
    }
  } finally {
    if (flags.bool('rm')) await removePod(ctx, client, namespace, name, flags);
  }
  return code;
}

/** `--rm`: deletes the pod with `--cascade`, `--grace-period`, `--force` and waits with `--wait`/`--timeout`. */
async function removePod(ctx: CommandContext, client: PlatformClient, namespace: string, name: string, flags: Flags): Promise<void> {
  const period = gracePeriod(flags);
  const pods = client.resource(PODS, namespace);
  const deleted = await pods.delete(name, {
    propagationPolicy: propagationPolicy(flags, (m) => ctx.warn(m)), signal: ctx.io.signal,
    ...(period === undefined ? {} : { gracePeriodSeconds: period }),
  });
  if (flags.bool('wait')) {
    const { waitForDeletion } = await import('../../../sdk/apply/wait-for.js');
    const timeoutMs = flags.durationMs('timeout') ?? 0;
    await waitForDeletion(pods, name, (deleted as KubeObject).metadata?.uid, { signal: ctx.io.signal, ...(timeoutMs > 0 ? { timeoutMs } : {}) });
  }
  ctx.io.stdout.write(`pod "${name}" deleted\n`);
}
