/**
 * `debug`'s attach (kubectl's handleAttachPod): wait on a watch of the pod until the debug
 * container runs or has finished (saying why it waits, as warnings), then attach to it as `attach`
 * does; a container that already finished, or an attach that fails, shows the container's log.
 */
import type { PlatformClient } from '../../../sdk/client.js';
import { StatusError } from '../../../sdk/errors.js';
import type { Container, ContainerStatus, Pod } from '../../../sdk/types/core.js';
import { BINARY_NAME } from '../../../sdk/naming.js';
import type { CommandContext } from '../../framework/context.js';
import { ExitError } from '../../framework/usage-error.js';

const PODS = { group: '', version: 'v1', resource: 'pods', namespaced: true, kind: 'Pod' } as const;

/** The status of a container of any list (init, regular, ephemeral). */
export function statusOf(pod: Pod, container: string): ContainerStatus | undefined {
  const s = pod.status;
  return [...(s?.initContainerStatuses ?? []), ...(s?.containerStatuses ?? []), ...(s?.ephemeralContainerStatuses ?? [])].find((c) => c.name === container);
}

/** Waits until `container` runs or finished; prints kubectl's warnings for the reasons it waits. */
async function waitForContainer(ctx: CommandContext, client: PlatformClient, namespace: string, name: string, container: string, quiet: boolean): Promise<Pod> {
  const { waitForObject } = await import('../../../sdk/apply/wait-for.js');
  let lastMessage = '';
  const pod = await waitForObject(client.resource(PODS, namespace), name, (obj) => {
    if (obj === undefined) return true;
    const state = statusOf(obj as Pod, container)?.state;
    if (state === undefined) return false;
    if (state.running !== undefined || state.terminated !== undefined) return true;
    const message = state.waiting?.message ?? '';
    if (!quiet && message !== '' && message !== lastMessage) ctx.warn(`container ${container}: ${message}`);
    lastMessage = message;
    return false;
  }, { signal: ctx.io.signal });
  // A pod deleted while waiting: kubectl's NotFound without a name.
  if (pod === undefined) throw new StatusError({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', message: 'pods "" not found', code: 404 }, 404);
  return pod as Pod;
}

async function printLog(ctx: CommandContext, client: PlatformClient, namespace: string, name: string, container: string): Promise<void> {
  for await (const chunk of client.pods(namespace).log(name, { container, signal: ctx.io.signal })) ctx.io.stdout.write(chunk.toString('utf8'));
}

/** Attaches to the debug container `container` of pod `name` once it runs. */
export async function attachToDebugContainer(ctx: CommandContext, client: PlatformClient, namespace: string, name: string, container: string, o: { stdin: boolean; tty: boolean; quiet: boolean }): Promise<number> {
  const pod = await waitForContainer(ctx, client, namespace, name, container, o.quiet);
  if (statusOf(pod, container)?.state?.terminated !== undefined) {
    await printLog(ctx, client, namespace, name, container);
    return 0;
  }
  const { runSession } = await import('../../pods/remote-session.js');
  const spec = containerSpecOf(pod, container);
  // kubectl's attach: a TTY only where the container has one (forced when it has), and only from a terminal.
  let tty = o.tty || spec?.tty === true;
  if (o.tty && spec?.tty !== true) {
    tty = false;
    if (!o.quiet) ctx.io.stderr.write(`error: Unable to use a TTY - container ${container} did not allocate one\n`);
  }
  if (!o.stdin) tty = false;
  if (tty && !ctx.io.stdinIsTTY) {
    tty = false;
    if (!o.quiet) ctx.io.stderr.write('Unable to use a TTY - input is not a terminal or the right kind of file\n');
  }
  if (!o.quiet) ctx.io.stderr.write("If you don't see a command prompt, try pressing enter.\n");
  const session = { container, stdin: o.stdin, tty, quiet: o.quiet, timeoutMs: 0 };
  try {
    const code = await runSession(ctx, session, (options) => client.pods(namespace).attach(name, options));
    const note = tty && !o.quiet ? reattachNote(pod, container) : '';
    if (note !== '') ctx.io.stdout.write(note);
    return code;
  } catch (err) {
    if (err instanceof ExitError || ctx.io.signal.aborted) throw err;
    ctx.io.stderr.write(`warning: couldn't attach to pod/${name}, falling back to streaming logs: ${err instanceof Error ? err.message : String(err)}\n`);
    await printLog(ctx, client, namespace, name, container);
    return 0;
  }
}

/** The spec of a container of any list. */
function containerSpecOf(pod: Pod, name: string): Container | undefined {
  const spec = pod.spec;
  return [...(spec?.containers ?? []), ...(spec?.initContainers ?? []), ...(spec?.ephemeralContainers ?? [])].find((c) => c.name === name);
}

/** kubectl's note when a terminal session ends in a pod that restarts its containers ('' otherwise). */
export function reattachNote(pod: Pod, container: string): string {
  if ((pod.spec?.restartPolicy ?? 'Always') !== 'Always') return '';
  const podName = pod.metadata?.name ?? '';
  if ((pod.spec?.ephemeralContainers ?? []).some((c) => c.name === container)) {
    return `Session ended, the ephemeral container will not be restarted but may be reattached using '${BINARY_NAME} attach ${podName} -c ${container} -i -t' if it is still running\n`;
  }
  return `Session ended, resume using '${BINARY_NAME} attach ${podName} -c ${container} -i -t' command when the pod is running\n`;
}
