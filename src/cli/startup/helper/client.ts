/**
 * The client side of the resident helper (serve.ts), part of the start-up loader: hands this
 * process's command to the helper and plays its output, stdin and signals through, so that the
 * command behaves as if it ran here. When no helper answers, or it declines before starting, the
 * caller runs the command itself.
 */
import { connect } from 'node:net';
import { BrokenPipeError, fdOutput, isatty } from '../../io/process-io.js';
import { encodeFrame, Frame, readFrames, type HelperExit, type HelperRequest } from './protocol.js';

/** How a hand-over ended: the command's exit code, or why the helper did not run it. */
export type HandOver = { code: number } | { notRun: 'absent' | 'declined' };

/** The exit code of a command whose reader of stdout went away, as the CLI itself reports it. */
const BROKEN_PIPE_CODE = 141;

/** The exit code an `exit` frame carries (1 for one that carries none). */
function exitCodeOf(payload: Buffer): number {
  try {
    const code = (JSON.parse(payload.toString('utf8')) as Partial<HelperExit>).code;
    return typeof code === 'number' && Number.isInteger(code) && code >= 0 && code <= 255 ? code : 1;
  } catch {
    return 1;
  }
}

/** Runs `argv` through the helper on `socketPath` with this process's environment and terminal. */
export function handOver(socketPath: string, argv: readonly string[], env: Record<string, string>): Promise<HandOver> {
  return new Promise((resolve) => {
    const stdout = fdOutput(1);
    const stderr = fdOutput(2);
    const socket = connect(socketPath);
    let started = false;
    let printed = false;
    let result: HandOver | undefined;
    let signalled = false;
    let stdinStarted = false;
    const onSignal = (signal: NodeJS.Signals): void => {
      if (!signalled) {
        signalled = true;
        socket.write(encodeFrame(Frame.signal, signal));
        return;
      }
      // A second signal ends this process at once, as it does a command running here.
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      socket.destroy();
      process.kill(process.pid, signal);
    };
    const end = (r: HandOver): void => {
      if (result !== undefined) return;
      result = r;
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      socket.destroy();
      if (stdinStarted) process.stdin.destroy();
      resolve(r);
    };
    socket.once('error', () => {
      if (!started) end({ notRun: 'absent' });
    });
    socket.once('close', () => {
      if (!started) end({ notRun: 'absent' });
      else if (result === undefined) {
        stderr.write('error: the platformctl helper ended before the command finished\n');
        end({ code: 1 });
      }
    });
    socket.once('connect', () => {
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      const facts = (out: typeof stdout): HelperRequest['stdout'] => ({ isTTY: out.isTTY, columns: out.columns, terminal: out.terminal });
      const request: HelperRequest = { argv: [...argv], env, cwd: process.cwd(), stdout: facts(stdout), stderr: facts(stderr), stdinIsTTY: isatty(0) };
      socket.write(encodeFrame(Frame.request, JSON.stringify(request)));
    });
    readFrames(socket, (type, payload) => {
      try {
        if (type === Frame.started) started = true;
        else if (type === Frame.stdout || type === Frame.stderr) {
          printed = true;
          (type === Frame.stdout ? stdout : stderr).writeBytes?.(payload);
        }
        // Declined after it started: the command stopped before its first request and printed
        // nothing (an exec plugin that needs this terminal), so it runs here as if never sent.
        else if (type === Frame.declined && !printed) end({ notRun: 'declined' });
        else if (type === Frame.exit) end({ code: exitCodeOf(payload) });
        else if (type === Frame.stdinWanted && !stdinStarted) {
          stdinStarted = true;
          process.stdin.on('data', (data: Buffer) => socket.write(encodeFrame(Frame.stdinData, data)));
          process.stdin.on('end', () => socket.write(encodeFrame(Frame.stdinEnd)));
          process.stdin.on('error', () => socket.write(encodeFrame(Frame.stdinEnd)));
        }
      } catch (err) {
        // The reader of stdout went away (`... | head`): the command ends as it would here.
        if (err instanceof BrokenPipeError) end({ code: BROKEN_PIPE_CODE });
        else throw err;
      }
    });
  });
}
