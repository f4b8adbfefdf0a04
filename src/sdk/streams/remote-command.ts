/**
 * exec and attach: negotiation (the WebSocket upgrade offering the channel protocols, as its own
 * step in `websocket.ts`), then one executor for whichever protocol the server chose, driven by
 * the pure framing of `channel-protocol.ts`: stdin is sent (and half-closed with v5), stdout and
 * stderr are delivered, terminal sizes go on the resize channel, and the error channel's Status
 * gives the exit code.
 */
import { AbortedError, ProtocolError, StatusError } from '../errors.js';
import type { QueryParams } from '../transport/http-types.js';
import type { Transport } from '../transport/transport.js';
import { CHANNELS, codecFor, decodeMessage, encodeClose, encodeMessage, encodeResize, outcomeOf, REMOTE_COMMAND_PROTOCOLS, type ClientChannelCodec } from './channel-protocol.js';
import { keepAlive } from './keep-alive.js';
import { openWebSocket } from './websocket.js';

/** Where remote output goes (a Writable, or anything with `write`). */
export interface OutputSink {
  write(chunk: Uint8Array): unknown;
}

/** A terminal size. */
export interface TerminalSize {
  width: number;
  height: number;
}

/** Options of {@link PodStreams.exec} and {@link PodStreams.attach}. */
export interface RemoteCommandOptions {
  /** The container (required when the pod has several). */
  container?: string | undefined;
  /** Data for the remote standard input; its end closes the remote stdin (v5). */
  stdin?: AsyncIterable<Uint8Array | string> | undefined;
  stdout?: OutputSink | undefined;
  stderr?: OutputSink | undefined;
  /** Run in a terminal (stderr is then part of stdout). */
  tty?: boolean | undefined;
  /** Terminal sizes: the first is sent at once, each later one when it comes. */
  resize?: AsyncIterable<TerminalSize> | undefined;
  /**
   * A WebSocket Ping every so many ms while the session is open, so that proxies and load balancers
   * do not close an idle session (default 30 000; 0 disables).
   */
  pingIntervalMs?: number | undefined;
  signal?: AbortSignal | undefined;
}

/** How a remote command ended. */
export interface RemoteCommandResult {
  exitCode: number;
  /** The sub-protocol the server chose. */
  protocol: string;
}

const HIGH_WATER = 1024 * 1024;

interface Socket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  send(data: Uint8Array | string): void;
  close(code?: number): void;
}

async function sendPaced(ws: Socket, data: Uint8Array | string): Promise<void> {
  while (ws.bufferedAmount > HIGH_WATER && ws.readyState === 1) await new Promise((r) => setTimeout(r, 5));
  if (ws.readyState === 1) ws.send(data);
}

async function pumpStdin(ws: Socket, codec: ClientChannelCodec, stdin: AsyncIterable<Uint8Array | string>): Promise<void> {
  for await (const chunk of stdin) {
    if (ws.readyState !== 1) return;
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    for (let i = 0; i < bytes.length; i += 32 * 1024) await sendPaced(ws, encodeMessage(codec, CHANNELS.stdin, bytes.subarray(i, i + 32 * 1024)));
  }
  if (codec.closeSignal && ws.readyState === 1) ws.send(encodeClose(CHANNELS.stdin));
}

async function pumpResize(ws: Socket, codec: ClientChannelCodec, sizes: AsyncIterable<TerminalSize>): Promise<void> {
  for await (const size of sizes) {
    if (ws.readyState !== 1) return;
    if (codec.resize) ws.send(encodeResize(codec, size.width, size.height));
  }
}

/** Runs a remote command session on `path` (a pod's exec or attach sub-resource). */
export async function runRemoteCommand(transport: Transport, path: string, query: QueryParams, options: RemoteCommandOptions): Promise<RemoteCommandResult> {
  const { ws, protocol } = await openWebSocket(transport, path, query, REMOTE_COMMAND_PROTOCOLS, options.signal);
  const codec = codecFor(protocol);
  if (codec === undefined) {
    ws.close();
    throw new ProtocolError(`the server chose the unsupported streaming protocol ${JSON.stringify(protocol)}`);
  }
  keepAlive(ws, options.pingIntervalMs);
  const errorParts: Buffer[] = [];
  let sawError = false;
  const done = new Promise<{ code: number }>((resolve) => {
    ws.addEventListener('message', (ev) => {
      const raw = (ev as { data: unknown }).data;
      if (typeof raw !== 'string' && !(raw instanceof ArrayBuffer)) return;
      const m = decodeMessage(codec, typeof raw === 'string' ? raw : new Uint8Array(raw));
      if (m === undefined) return;
      if (m.channel === CHANNELS.stdout) {
        if (m.data.length > 0) options.stdout?.write(m.data);
      } else if (m.channel === CHANNELS.stderr) {
        if (m.data.length > 0) options.stderr?.write(m.data);
      } else if (m.channel === CHANNELS.error) {
        sawError = sawError || m.data.length > 0;
        errorParts.push(m.data);
      }
    });
    ws.addEventListener('close', (ev) => resolve({ code: (ev as { code: number }).code }));
  });
  const onAbort = (): void => ws.close(1000);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const pumps: Promise<void>[] = [];
  if (options.stdin !== undefined) pumps.push(pumpStdin(ws, codec, options.stdin).catch(() => undefined));
  if (options.resize !== undefined) pumps.push(pumpResize(ws, codec, options.resize).catch(() => undefined));
  try {
    const closed = await done;
    if (options.signal?.aborted === true) throw new AbortedError();
    if (!sawError) {
      if (closed.code === 1000 || closed.code === 1005) return { exitCode: 0, protocol };
      throw new ProtocolError(`the streaming connection closed unexpectedly (code ${closed.code})`);
    }
    const outcome = outcomeOf(codec, Buffer.concat(errorParts));
    if (outcome.kind === 'exit') return { exitCode: outcome.exitCode, protocol };
    throw new StatusError(outcome.status, outcome.status.code ?? 500);
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
