/**
 * The {@link CliIO} of a command the helper runs for a client: output goes back as frames, stdin
 * comes as frames once the command asks for it, and the environment, working directory and
 * terminal facts are the client's.
 */
import type { Socket } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import type { CliIO, Output } from '../../io/io.js';
import { encodeFrame, Frame, type HelperRequest, type OutputFacts } from './protocol.js';

/** What the outputs of one command have sent, and whether they still send. */
interface Sending {
  sent: boolean;
  muted: boolean;
}

/** An output whose bytes become frames of `type` on the client's connection, with the client's terminal facts. */
class FrameOutput implements Output {
  readonly isTTY: boolean;
  readonly columns: number | undefined;
  readonly terminal: string | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly type: number,
    facts: OutputFacts,
    private readonly sending: Sending,
  ) {
    this.isTTY = facts.isTTY;
    this.columns = facts.columns;
    this.terminal = facts.terminal;
  }

  write(text: string): void {
    if (text !== '') this.writeBytes(Buffer.from(text, 'utf8'));
  }

  writeBytes(data: Uint8Array): void {
    if (data.length === 0 || this.socket.destroyed || this.sending.muted) return;
    this.sending.sent = true;
    this.socket.write(encodeFrame(this.type, data));
  }

  /** Waits while the connection's buffer is full, so that a large output cannot pile up in memory. */
  flush(): Promise<void> {
    if (!this.socket.writableNeedDrain || this.socket.destroyed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = (): void => {
        this.socket.off('drain', done);
        this.socket.off('close', done);
        resolve();
      };
      this.socket.once('drain', done);
      this.socket.once('close', done);
    });
  }
}

/** The IO of one command, and the handles the helper feeds it through. */
export interface RemoteIO {
  io: CliIO;
  /** Bytes the client read from its stdin. */
  stdinData(chunk: Buffer): void;
  /** The client's stdin ended. */
  stdinEnd(): void;
  /** Whether any output has gone to the client. */
  anythingSent(): boolean;
  /** Drops all further output. */
  mute(): void;
}

/** Makes the IO of `request` over `socket`; `signal()` gives the command's abort signal when it first asks. */
export function remoteIO(socket: Socket, request: HelperRequest, signal: () => AbortSignal, homedir: string, beforeInteractivePlugin: () => void): RemoteIO {
  let stdin: PassThrough | undefined;
  const env = Object.freeze({ ...request.env });
  const sending: Sending = { sent: false, muted: false };
  const io: CliIO = {
    stdout: new FrameOutput(socket, Frame.stdout, request.stdout, sending),
    stderr: new FrameOutput(socket, Frame.stderr, request.stderr, sending),
    stdin: (): Readable => {
      if (stdin === undefined) {
        stdin = new PassThrough();
        socket.write(encodeFrame(Frame.stdinWanted));
      }
      return stdin;
    },
    stdinIsTTY: request.stdinIsTTY,
    env,
    cwd: request.cwd,
    homedir: env.HOME ?? homedir,
    now: () => new Date(),
    get signal(): AbortSignal {
      return signal();
    },
    beforeInteractivePlugin,
  };
  return {
    io,
    stdinData: (chunk) => stdin?.write(chunk),
    stdinEnd: () => stdin?.end(),
    anythingSent: () => sending.sent,
    mute: () => {
      sending.muted = true;
    },
  };
}
