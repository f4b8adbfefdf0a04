/**
 * `port-forward`: the SDK's `client.portForward` picks the pod (directly or through a controller's
 * or service's selector) and resolves the remote ports; then it listens locally and forwards every
 * accepted connection as a pair of streams on the pod's one tunnel WebSocket; prints kubectl's
 * "Forwarding from ..." and "Handling connection for ..." lines, reports a failing connection
 * without stopping, and runs until interrupted. A forward to a service or workload (or a pod with `--follow-owner`) heals:
 * when its pod goes, new connections go to another, said in a line on stderr.
 */
import type { CommandContext } from '../../framework/context.js';
import type { Flags } from './spec.js';
import { UsageError } from '../../framework/usage-error.js';
import type { ForwardSwitchReason } from '../../../sdk/pods/healing-route.js';
import { parsePortArg } from './ports.js';
import { holdInterrupts } from '../../interrupt.js';

/** How the stderr line says why a healing forward left its pod. */
const SWITCH_REASONS: Record<ForwardSwitchReason, string> = {
  deleted: 'is gone',
  terminating: 'is terminating',
  'not running': 'is not running',
  'not ready': 'is not ready',
  refused: 'refused a connection',
};

function hostPort(address: string, port: number): string {
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}

export async function run(ctx: CommandContext, args: string[], flags: Flags): Promise<number> {
  if (args.length < 2) throw new UsageError('TYPE/NAME and list of ports are required for port-forward');
  const timeoutMs = flags.durationMs('pod-running-timeout') ?? 60_000;
  if (timeoutMs <= 0) throw new UsageError('--pod-running-timeout must be higher than zero', false);
  const addresses = flags.strings('address');
  for (const a of addresses) {
    if (a !== 'localhost' && !/^[\d.]+$/.test(a) && !a.includes(':')) throw new UsageError(`${a} is not a valid IP`, false);
  }
  const portArgs = args.slice(1).map(parsePortArg);
  const client = await ctx.client();
  const { namespace } = await ctx.namespace();
  const signal = ctx.io.signal;
  const target = args[0] ?? '';
  const slash = target.indexOf('/');
  // A burst of connections (a browser, a test runner) prints its lines in one write per turn of the
  // event loop instead of one system call each.
  let handled = '';
  const noteConnection = (local: number): void => {
    if (handled === '') setImmediate(() => {
      ctx.io.stdout.write(handled);
      handled = '';
    });
    handled += `Handling connection for ${local}\n`;
  };
  const forward = await client.portForward({
    kind: slash < 0 ? 'pod' : target.slice(0, slash), name: slash < 0 ? target : target.slice(slash + 1),
    namespace, ports: portArgs, podRunningTimeoutMs: timeoutMs, followOwner: flags.bool('follow-owner'),
    addresses, signal,
    onConnection: (m) => noteConnection(m.local),
    onError: (e) => ctx.io.stderr.write(`error: ${e.message}\n`),
    onSwitch: (c) => ctx.io.stderr.write(`pod/${c.from} ${SWITCH_REASONS[c.reason]}: forwarding to pod/${c.to} now\n`),
  });
  for (const p of forward.ports) ctx.io.stdout.write(`Forwarding from ${hostPort(p.address, p.local)} -> ${p.remote}\n`);
  // Once forwarding, Ctrl-C ends it cleanly with status 0, as kubectl's does (it catches only
  // SIGINT, so SIGTERM still ends the process as a signal does: 143).
  holdInterrupts(['SIGINT']);
  await forward.closed;
  return 0;
}
