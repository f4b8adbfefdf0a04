/**
 * Runs a plugin as a child process in the foreground: stdio inherited, the environment passed on,
 * SIGINT/SIGTERM/SIGHUP forwarded, and the child's exit code (or 128 + the number of the signal
 * that killed it) returned to `run`, which hands it to main.ts. kubectl replaces its own process
 * (exec) instead; Node cannot, so platformctl waits and relays.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { PlatformError } from '../../sdk/errors.js';
import { exitStatus } from '../../machinery/exit-status.js';

/** The signals relayed to the plugin while it runs. */
export const FORWARDED_SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Where signals come from (the process; tests may pass an emitter). */
export interface SignalSource {
  on(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
  off(signal: NodeJS.Signals, listener: (signal: NodeJS.Signals) => void): unknown;
}

/** Runs `path` with `args` and `env`, and resolves to its exit code. */
export async function executePlugin(
  path: string,
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  signals: SignalSource = process,
): Promise<number> {
  const childEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) childEnv[k] = v;
  // Ctrl-C in a terminal reaches the whole foreground process group, the plugin included; a
  // signal sent to platformctl alone (kill, a supervisor) must reach the plugin too. Either way
  // platformctl itself stays alive until the plugin has exited, to pass its status on. The
  // handlers are installed before the plugin starts, so that no signal can slip in between (and
  // kill platformctl, the default action, while the plugin runs on); they run on the event loop,
  // so by then the plugin exists.
  let child: ChildProcess | undefined;
  const relay = (signal: NodeJS.Signals): void => {
    if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const s of FORWARDED_SIGNALS) signals.on(s, relay);
  try {
    const started = spawn(path, [...args], { stdio: 'inherit', env: childEnv });
    child = started;
    return await new Promise<number>((resolve, reject) => {
      started.once('error', (err: NodeJS.ErrnoException) => {
        reject(new PlatformError(`failed to run plugin ${path}: ${err.code === 'EACCES' ? 'permission denied' : err.message}`, { cause: err }));
      });
      started.once('exit', (code, signal) => resolve(exitStatus(code, signal)));
    });
  } finally {
    for (const s of FORWARDED_SIGNALS) signals.off(s, relay);
  }
}
