/**
 * Runs an exec credential plugin once: without a shell, with the caller's environment plus the
 * config's `env` and `PLATFORM_EXEC_INFO`, stdin only when interactive, stderr passed through to the
 * caller's writable (and its tail kept for errors), bounded by a timeout and an AbortSignal, its
 * stdout bounded by {@link EXEC_OUTPUT_LIMIT} (an ExecCredential is a few kilobytes).
 *
 * A plugin that times out or prints too much is killed and the run fails at once: a plugin
 * that is a shell script leaves its children (a `sleep`, a login helper) holding the output
 * pipes after the shell is gone, and waiting for the pipes to close would wait for them. A run
 * without the terminal gets a process group of its own (POSIX), so that those children are
 * killed with it.
 */
import { setOwn } from '../../../machinery/json/own-keys.js';
import type { ExecConfig } from '../../config/client-config.js';
import { AbortedError, ExecPluginError } from '../../errors.js';
import { EXEC_INFO_ENV, EXEC_PLUGIN_TIMEOUT_ENV } from '../../naming.js';
import { EXEC_OUTPUT_LIMIT, tooLarge } from '../../bounded-read.js';
import type { ExecCredential } from '../../types/exec-credential.js';
import type { ExecIO } from '../credentials.js';

/** Options of one plugin run. */
export interface RunPluginOptions {
  io: ExecIO;
  interactive: boolean;
  input: ExecCredential;
  timeoutMs?: number | undefined;
  /** Whether `timeoutMs` is the default bound rather than the request's timeout (for the message). */
  timeoutIsDefault?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

/** What the plugin printed on stdout, when it exited 0. */
export interface RunPluginOutput {
  stdout: string;
  stderr: string;
}

// Stderr is kept for the error message only; a chatty plugin must not grow memory without bound.
const MAX_STDERR_KEPT = 4096;
// Grace period between SIGTERM and SIGKILL for a plugin that outlived its timeout.
const KILL_GRACE_MS = 1000;

const INSTALL_HINT_HELP = '\n\nIt looks like you are trying to use a client credential plugin that is not installed.';

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}

/** Spawns the plugin and resolves with its output, or rejects with an {@link ExecPluginError}. */
export async function runExecPlugin(exec: ExecConfig, options: RunPluginOptions): Promise<RunPluginOutput> {
  // Loaded on first use: most clients never run a plugin.
  const { spawn } = await import('node:child_process');
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.io.env ?? {})) if (value !== undefined) setOwn(env, name, value);
  for (const { name, value } of exec.env ?? []) setOwn(env, name, value);
  env[EXEC_INFO_ENV] = JSON.stringify(options.input);

  return new Promise<RunPluginOutput>((resolve, reject) => {
    if (options.signal?.aborted === true) {
      reject(new AbortedError());
      return;
    }
    const stdinMode = options.interactive ? (options.io.stdin ?? 'inherit') : 'ignore';
    // An interactive plugin stays in the terminal's foreground group, where it can read the terminal.
    const ownGroup = !options.interactive && process.platform !== 'win32';
    const child = spawn(exec.command, exec.args ?? [], { shell: false, env, stdio: [stdinMode, 'pipe', 'pipe'], windowsHide: true, detached: ownGroup });
    const stdoutChunks: Buffer[] = [];
    let stdoutSize = 0;
    let stderrTail = '';
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;

    const finish = (fn: () => void): void => {
      if (settled) return;
      settled = true;
      if (timer !== undefined) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const signalPlugin = (name: NodeJS.Signals): void => {
      if (ownGroup && child.pid !== undefined) {
        try {
          process.kill(-child.pid, name);
          return;
        } catch {
          // The group is gone already: the plugin itself may still need the signal.
        }
      }
      child.kill(name);
    };
    const kill = (): void => {
      signalPlugin('SIGTERM');
      killTimer = setTimeout(() => signalPlugin('SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    };
    /** Kills the plugin and fails now, without waiting for pipes its children may hold open. */
    const abandon = (error: Error): void => {
      kill();
      child.stdout?.destroy();
      child.stderr?.destroy();
      finish(() => reject(error));
    };
    const onAbort = (): void => abandon(new AbortedError());
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = options.timeoutMs !== undefined && options.timeoutMs > 0
      ? setTimeout(() => {
        const hint = options.timeoutIsDefault === true ? ` (${EXEC_PLUGIN_TIMEOUT_ENV} sets how long to wait)` : '';
        abandon(new ExecPluginError(
          `getting credentials: exec: executable ${exec.command} did not finish within ${formatMs(options.timeoutMs ?? 0)} and was killed${hint}`,
          { stderr: stderrTail.trim() },
        ));
      }, options.timeoutMs)
      : undefined;

    child.stdout?.on('data', (chunk: Buffer) => {
      if (settled) return;
      stdoutSize += chunk.length;
      if (stdoutSize > EXEC_OUTPUT_LIMIT.bytes) {
        abandon(new ExecPluginError(`getting credentials: exec: executable ${exec.command} printed ${tooLarge(EXEC_OUTPUT_LIMIT).message} and was killed`, { stderr: stderrTail.trim() }));
        return;
      }
      stdoutChunks.push(chunk);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      options.io.stderr?.write(chunk);
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-MAX_STDERR_KEPT);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      finish(() => {
        if (err.code === 'ENOENT') {
          let message = `getting credentials: exec: executable ${exec.command} not found${INSTALL_HINT_HELP}`;
          if (exec.installHint !== undefined && exec.installHint !== '') message += `\n\n${exec.installHint}`;
          reject(new ExecPluginError(message, { cause: err }));
        } else if (err.code === 'EACCES') {
          reject(new ExecPluginError(`getting credentials: exec: fork/exec ${exec.command}: permission denied`, { cause: err }));
        } else {
          reject(new ExecPluginError(`getting credentials: exec: ${err.message}`, { cause: err }));
        }
      });
    });
    child.on('close', (code, signal) => {
      if (killTimer !== undefined) clearTimeout(killTimer);
      finish(() => {
        const stderr = stderrTail.trim();
        if (code !== 0) {
          const how = code === null ? `was killed by signal ${signal ?? 'unknown'}` : `failed with exit code ${code}`;
          const opts: { exitCode?: number; stderr: string } = { stderr };
          if (code !== null) opts.exitCode = code;
          reject(new ExecPluginError(`getting credentials: exec: executable ${exec.command} ${how}${stderr === '' ? '' : `: ${stderr}`}`, opts));
          return;
        }
        resolve({ stdout: Buffer.concat(stdoutChunks).toString('utf8'), stderr });
      });
    });
  });
}
