/**
 * `pods/exec` and `pods/attach` over WebSocket: the request is checked (pod, container, streams),
 * admitted as CONNECT, upgraded with a channel protocol, and then bridges the channels to a command
 * the runtime starts in the container's environment (exec) or to the container's main process
 * (attach). The error channel ends the session with a Status carrying the exit code.
 */
import type { Readable, Writable } from 'node:stream';
import type { WebSocket } from 'ws';
import type { Authorizer } from '../auth/authorizer.js';
import type { ServerContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { PipelineEndpoint } from '../http/handler.js';
import type { RequestContext } from '../http/request-context.js';
import {
  CHANNELS, CHANNEL_PROTOCOLS, channelCodec, decodeChannelMessage, decodeResize, encodeChannelMessage, errorChannelPayload, exitStatus, failureStatus,
  type ChannelCodec,
} from './channel-frames.js';
import { admitConnect, authorizeCreate, boolParam } from './connect.js';
import type { NodeStreams } from './node-access.js';
import { checkConnectable, containerSpec, loadPod, pickContainer, runningContainerId } from './pod-target.js';
import { preparePty, ptyAvailable, type PtyControl } from './pty-helper.js';
import { acceptWebSocket, chooseProtocol, requireWebSocket, sendOrWait, sendWithBackpressure } from './websocket.js';
import { STREAM_PROTOCOLS } from '../../sdk/naming.js';

interface StreamFlags {
  stdin: boolean;
  stdout: boolean;
  stderr: boolean;
  tty: boolean;
}

function streamFlags(q: URLSearchParams): StreamFlags {
  const tty = boolParam(q, 'tty');
  // stdout and stderr default to true (PodExecOptions, PodAttachOptions); with a terminal,
  // standard error is part of the terminal's output (the node agent's rule).
  const stdout = q.has('stdout') ? boolParam(q, 'stdout') : true;
  const stderr = q.has('stderr') ? boolParam(q, 'stderr') : true;
  return { stdin: boolParam(q, 'stdin'), stdout, stderr: stderr && !tty, tty };
}

/** One WebSocket session speaking a channel protocol. */
class ChannelSession {
  constructor(readonly ws: WebSocket, readonly codec: ChannelCodec) {}

  send(channel: number, data: Uint8Array): Promise<void> {
    return sendWithBackpressure(this.ws, encodeChannelMessage(this.codec, channel, data));
  }

  /** Sends; returns a promise only when the client is behind (it settles once the message is written). */
  sendOrWait(channel: number, data: Uint8Array): Promise<void> | undefined {
    let drained: () => void = () => undefined;
    const behind = new Promise<void>((resolve) => {
      drained = resolve;
    });
    return sendOrWait(this.ws, encodeChannelMessage(this.codec, channel, data), drained) ? undefined : behind;
  }

  /** Copies a readable to a channel, pausing it while the client is slow. */
  pipe(from: Readable | null | undefined, channel: number): Promise<void> {
    if (from === null || from === undefined) return Promise.resolve();
    return new Promise((resolve) => {
      from.on('data', (chunk: Buffer) => {
        const sent = this.send(channel, chunk);
        from.pause();
        void sent.then(() => from.resume());
      });
      from.once('end', resolve);
      from.once('close', resolve);
      from.once('error', () => resolve());
    });
  }

  /** Ends the session with a Status on the error channel and a normal close. */
  async finish(status: Record<string, unknown>): Promise<void> {
    if (this.ws.readyState !== this.ws.OPEN) return;
    await this.send(CHANNELS.error, errorChannelPayload(this.codec, status));
    this.ws.close(1000);
  }

  /** The first message: an empty one on the lowest output channel, so the client knows it is connected. */
  greet(flags: StreamFlags): void {
    const channel = flags.stdout ? CHANNELS.stdout : flags.stderr ? CHANNELS.stderr : CHANNELS.error;
    void this.send(channel, Buffer.alloc(0));
  }

  /**
   * Routes client messages: stdin data and close, and resizes. A stdin handler that returns a
   * promise is behind (the process does not read): the connection stops being read until it
   * settles, so a client cannot fill the server's memory with input nobody takes.
   */
  onInput(handlers: { stdin(data: Buffer): Promise<void> | undefined; closeStdin(): void; resize(w: number, h: number): void }): void {
    this.ws.on('message', (raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
      const message = Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
      const m = decodeChannelMessage(this.codec, message, isBinary);
      if (m === undefined) return;
      if (m.kind === 'invalid') {
        this.ws.close(1002, m.reason.slice(0, 120));
        return;
      }
      if (m.kind === 'close') {
        if (m.channel === CHANNELS.stdin) handlers.closeStdin();
        return;
      }
      if (m.channel === CHANNELS.stdin) {
        const behind = handlers.stdin(m.data);
        if (behind !== undefined) {
          this.ws.pause();
          const resume = (): void => {
            if (this.ws.readyState === this.ws.OPEN) this.ws.resume();
          };
          behind.then(resume, resume);
        }
      } else if (m.channel === CHANNELS.resize) {
        const size = decodeResize(m.data);
        if (size !== undefined) handlers.resize(size.width, size.height);
      }
    });
  }
}

/**
 * Writes a client's input to a process; returns a promise when the process is behind, which
 * settles when it has taken what is queued or when its input is gone.
 */
function writeTo(target: Writable | null | undefined, data: Buffer): Promise<void> | undefined {
  if (target === null || target === undefined || target.destroyed || target.writableEnded) return undefined;
  if (target.write(data)) return undefined;
  return new Promise((resolve) => {
    const done = (): void => {
      target.off('drain', done);
      target.off('close', done);
      target.off('error', done);
      resolve();
    };
    target.once('drain', done);
    target.once('close', done);
    target.once('error', done);
  });
}

/** Checks the request, admits it as CONNECT and upgrades it; returns the session. */
async function open(ctx: ServerContext, rc: RequestContext, authorizer: Authorizer, kind: 'PodExecOptions' | 'PodAttachOptions', command: string[]): Promise<{ session: ChannelSession; flags: StreamFlags; containerId: string; container: string; stdinOnce: boolean }> {
  const q = rc.url.searchParams;
  const flags = streamFlags(q);
  const pod = await loadPod(ctx, rc.info.namespace, rc.info.name);
  checkConnectable(pod, kind === 'PodExecOptions' ? 'exec' : 'attach');
  const container = pickContainer(pod, q.get('container') ?? '');
  if (!flags.stdin && !flags.stdout && !flags.stderr) throw badRequest('you must specify at least 1 of stdin, stdout, stderr');
  if (kind === 'PodExecOptions' && command.length === 0) throw badRequest('you must specify a command');
  await authorizeCreate(rc, authorizer);
  const options: Record<string, unknown> = { kind, stdin: flags.stdin, stdout: flags.stdout, stderr: flags.stderr, tty: flags.tty, container };
  if (kind === 'PodExecOptions') options.command = command;
  await admitConnect(ctx, rc, options as never);
  const containerId = runningContainerId(pod, container);
  requireWebSocket(rc.req);
  const protocol = chooseProtocol(rc.req, CHANNEL_PROTOCOLS, true);
  const codec = channelCodec(protocol ?? STREAM_PROTOCOLS.channelV1);
  if (codec === undefined) throw badRequest('unable to upgrade connection');
  const ws = await acceptWebSocket(rc.req, protocol);
  return { session: new ChannelSession(ws, codec), flags, containerId, container, stdinOnce: containerSpec(pod, container)?.stdinOnce === true };
}

async function serveExec(ctx: ServerContext, rc: RequestContext, authorizer: Authorizer, node: NodeStreams | undefined): Promise<void> {
  const runtime = node?.runtime;
  const command = rc.url.searchParams.getAll('command');
  const { session, flags, containerId } = await open(ctx, rc, authorizer, 'PodExecOptions', command);
  if (runtime === undefined) {
    await session.finish(failureStatus('the node runtime is off: nothing runs in this container'));
    return;
  }
  let pty: PtyControl | undefined;
  if (flags.tty && ptyAvailable()) pty = await preparePty(command);
  let proc;
  try {
    proc = runtime.exec(containerId, pty?.argv ?? command, { stdin: flags.stdin || pty !== undefined });
  } catch (e) {
    await pty?.close();
    await session.finish(failureStatus(`error executing command in container: ${e instanceof Error ? e.message : String(e)}`));
    return;
  }
  const startError = await proc.started;
  if (startError !== undefined) {
    await pty?.close();
    await session.finish(failureStatus(`Internal error occurred: error executing command in container: failed to exec in container: failed to start exec: OCI runtime exec failed: exec failed: unable to start container process: ${startError}: unknown`));
    return;
  }
  proc.stdin?.on('error', () => undefined);
  if (flags.tty && pty === undefined) {
    void session.send(CHANNELS.stderr, Buffer.from('Unable to use a TTY: python3 with its pty module is not available on the node; the command runs without a terminal\r\n'));
  }
  session.greet(flags);
  session.onInput({
    stdin: (data) => writeTo(proc.stdin, data),
    closeStdin: () => proc.stdin?.end(),
    resize: (w, h) => pty?.resize(w, h),
  });
  // A client that goes away takes its command with it, so no exec outlives its session.
  session.ws.once('close', () => proc.kill('SIGKILL'));
  const outputs = Promise.all([
    flags.stdout ? session.pipe(proc.stdout, CHANNELS.stdout) : drain(proc.stdout),
    flags.stderr ? session.pipe(proc.stderr, CHANNELS.stderr) : flags.tty ? session.pipe(proc.stderr, CHANNELS.stdout) : drain(proc.stderr),
  ]);
  const code = await proc.exited;
  await outputs;
  await pty?.close();
  await session.finish(exitStatus(code, command));
}

function drain(r: Readable | null | undefined): Promise<void> {
  r?.resume();
  return Promise.resolve();
}

async function serveAttach(ctx: ServerContext, rc: RequestContext, authorizer: Authorizer, node: NodeStreams | undefined): Promise<void> {
  const { session, flags, containerId, stdinOnce } = await open(ctx, rc, authorizer, 'PodAttachOptions', []);
  const streams = node?.runtime?.attach(containerId);
  if (streams === undefined) {
    await session.finish(failureStatus(`container not found ("${containerId}")`));
    return;
  }
  session.greet(flags);
  if (flags.stdin) {
    session.onInput({
      stdin: (data) => writeTo(streams.stdin, data),
      closeStdin: () => {
        if (stdinOnce) streams.stdin?.end();
      },
      resize: (w, h) => streams.resize(w, h),
    });
  }
  const ended = new Promise<void>((resolve) => {
    // A slow client holds the container's output (as a slow reader of a pipe would), never the server's memory.
    const unsubscribe = streams.subscribe((stream, chunk) => {
      if (stream === 'stdout' && flags.stdout) return session.sendOrWait(CHANNELS.stdout, chunk);
      if (stream === 'stderr' && (flags.stderr || flags.tty)) return session.sendOrWait(flags.tty ? CHANNELS.stdout : CHANNELS.stderr, chunk);
      return undefined;
    });
    const stop = node?.runtime?.onExit((info) => {
      if (info.id === containerId) finish();
    });
    function finish(): void {
      unsubscribe();
      stop?.();
      resolve();
    }
    session.ws.once('close', () => {
      if (stdinOnce && flags.stdin) streams.stdin?.end();
      finish();
    });
  });
  await ended;
  await session.finish(exitStatus(0, []));
}

/** `pods/exec` and `pods/attach`. */
export function execEndpoints(ctx: ServerContext, authorizer: Authorizer, node: () => NodeStreams | undefined): PipelineEndpoint[] {
  const matches = (sub: string) => (info: { isResourceRequest: boolean; apiGroup: string; resource: string; subresource: string; name: string }): boolean =>
    info.isResourceRequest && info.apiGroup === '' && info.resource === 'pods' && info.subresource === sub && info.name !== '';
  return [
    { matches: matches('exec'), serve: (rc) => serveExec(ctx, rc, authorizer, node()) },
    { matches: matches('attach'), serve: (rc) => serveAttach(ctx, rc, authorizer, node()) },
  ];
}
