/**
 * `port-forward`: the SDK's `resolveForward` picks the pod (directly or through a controller's or
 * service's selector) and resolves the remote ports; then it listens locally and forwards every
 * accepted connection over its own WebSocket session; prints kubectl's "Forwarding from ..." and "Handling connection for ..."
 * lines, reports a failing connection without stopping, and runs until interrupted.
 */
import type { CommandContext } from '../../framework/context.js';
import type { FlagValues } from '../../framework/flag-values.js';
import { UsageError } from '../../framework/usage-error.js';
import { resolveForward } from '../../../sdk/pods/forward-target.js';
import { parsePortArg } from './ports.js';

function hostPort(address: string, port: number): string {
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}

export async function run(ctx: CommandContext, args: string[], flags: FlagValues): Promise<number> {
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
  const { podName, mappings } = await resolveForward(client, args[0] ?? '', portArgs, { namespace, timeoutMs, signal });
  const forward = await client.pods(namespace).portForward(podName, mappings, {
    addresses, signal,
    onConnection: (m) => ctx.io.stdout.write(`Handling connection for ${m.local}\n`),
    onError: (e) => ctx.io.stderr.write(`error: ${e.message}\n`),
  });
  for (const p of forward.ports) ctx.io.stdout.write(`Forwarding from ${hostPort(p.address, p.local)} -> ${p.remote}\n`);
  await forward.closed;
  return 0;
}
