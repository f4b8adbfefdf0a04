/**
 * The loader's side of the resident helper, loaded only when `PLATFORM_HELPER` is set: decides
 * whether this command line goes to the helper, hands it over, and starts a helper for the next
 * command when none answered.
 */
import { writeSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import { helperIdleMs, helperSocket, isPrivateDir } from './location.js';
import { HELPER_ENV, HELPER_SERVE_WORD, runsInHelper } from './words.js';

/** This process's environment as the helper takes it (names with a value). */
function plainEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  return env;
}

/** Starts a helper (`loader`, this build's start-up file) for the next commands when this process exits; detached, so it outlives it. */
function startHelperAtExit(loader: string, socket: string, idleMs: number): void {
  process.once('exit', () => {
    try {
      const { spawn } = process.getBuiltinModule('node:child_process');
      spawn(process.execPath, [loader, HELPER_SERVE_WORD, socket, String(idleMs)], { detached: true, stdio: 'ignore', cwd: '/' }).unref();
    } catch {
      // Without a helper, the next command runs in its own process, as this one did.
    }
  });
}

/**
 * Runs `argv` (command word `word`) through the helper of build `build` when `setting` (the value
 * of `PLATFORM_HELPER`) is on and the helper runs it; otherwise, or when the helper did not start
 * it (none answering, or busy with another command), calls `runHere`.
 */
export async function routeThroughHelper(argv: readonly string[], word: string, setting: string, loader: string, build: string, runHere: () => void): Promise<void> {
  const idleMs = helperIdleMs(setting);
  if (idleMs === 'invalid') {
    writeSync(2, `warning: ${HELPER_ENV}=${JSON.stringify(setting)} is not 1, 0 or a duration such as 30m; running without the helper\n`);
  }
  const env = plainEnvironment();
  const socket = typeof idleMs === 'number' && runsInHelper(word, argv, env) ? helperSocket(process.env.HOME ?? homedir(), build, process.version, process.env.NODE_EXTRA_CA_CERTS) : undefined;
  if (socket === undefined || typeof idleMs !== 'number') {
    runHere();
    return;
  }
  if (!isPrivateDir(dirname(socket))) {
    startHelperAtExit(loader, socket, idleMs);
    runHere();
    return;
  }
  const { handOver } = await import('./client.js');
  const result = await handOver(socket, argv, env);
  if ('code' in result) {
    process.exitCode = result.code;
    return;
  }
  if (result.notRun === 'absent') startHelperAtExit(loader, socket, idleMs);
  runHere();
}
