/**
 * The client side of the exec/attach channel protocols (client-go's remotecommand over WebSocket):
 * which sub-protocols a client offers, and pure functions that frame and read messages for the one
 * the server chose, and that read the exit code from the error channel's Status. Unit tests drive
 * them with recorded frames.
 */
import { STREAM_PROTOCOLS } from '../naming.js';
import type { Status } from '../types/status.js';

/** Channel numbers. */
export const CHANNELS = { stdin: 0, stdout: 1, stderr: 2, error: 3, resize: 4 } as const;
/** The v5 close signal (`[255, channel]` half-closes a channel). */
export const CLOSE_SIGNAL = 255;

/** The protocols an exec or attach offers, most preferred first. */
export const REMOTE_COMMAND_PROTOCOLS: readonly string[] = [
  STREAM_PROTOCOLS.channelV5, STREAM_PROTOCOLS.channelV4, STREAM_PROTOCOLS.base64ChannelV4, STREAM_PROTOCOLS.base64Channel,
];

/** How the negotiated protocol frames messages. */
export interface ClientChannelCodec {
  protocol: string;
  base64: boolean;
  /** The error channel carries a JSON Status (v4 and later). */
  statusErrors: boolean;
  /** The client can half-close stdin (v5). */
  closeSignal: boolean;
  /** Terminal sizes can be sent (v3 and later; every protocol offered here but plain base64). */
  resize: boolean;
}

/** The codec of a negotiated protocol; undefined when the server chose something not offered. */
export function codecFor(protocol: string): ClientChannelCodec | undefined {
  if (!REMOTE_COMMAND_PROTOCOLS.includes(protocol)) return undefined;
  const base64 = protocol === STREAM_PROTOCOLS.base64ChannelV4 || protocol === STREAM_PROTOCOLS.base64Channel;
  const v4 = protocol !== STREAM_PROTOCOLS.base64Channel;
  return { protocol, base64, statusErrors: v4, closeSignal: protocol === STREAM_PROTOCOLS.channelV5, resize: v4 };
}

/** A message carrying `data` on `channel`. */
export function encodeMessage(codec: ClientChannelCodec, channel: number, data: Uint8Array): Uint8Array | string {
  if (codec.base64) return `${String.fromCharCode(0x30 + channel)}${Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64')}`;
  const out = new Uint8Array(data.length + 1);
  out[0] = channel;
  out.set(data, 1);
  return out;
}

/** The v5 message that half-closes `channel`. */
export function encodeClose(channel: number): Uint8Array {
  return Uint8Array.of(CLOSE_SIGNAL, channel);
}

/** A terminal size on the resize channel, as JSON (`{"Width":80,"Height":24}`). */
export function encodeResize(codec: ClientChannelCodec, width: number, height: number): Uint8Array | string {
  return encodeMessage(codec, CHANNELS.resize, Buffer.from(JSON.stringify({ Width: width, Height: height }), 'utf8'));
}

/** Reads a server message: its channel and data (undefined for an empty or malformed message). */
export function decodeMessage(codec: ClientChannelCodec, message: Uint8Array | string): { channel: number; data: Buffer } | undefined {
  if (typeof message === 'string') {
    if (!codec.base64 || message.length === 0) return undefined;
    return { channel: message.charCodeAt(0) - 0x30, data: Buffer.from(message.slice(1), 'base64') };
  }
  if (message.length === 0) return undefined;
  const bytes = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  if (codec.base64) return { channel: (bytes[0] ?? 0) - 0x30, data: Buffer.from(bytes.subarray(1).toString('latin1'), 'base64') };
  return { channel: bytes[0] ?? 0, data: bytes.subarray(1) };
}

/** What the error channel said. */
export type RemoteOutcome =
  | { kind: 'exit'; exitCode: number }
  | { kind: 'failure'; status: Status };

/**
 * Reads the error channel's content: a v4 Status (`Success`, `NonZeroExitCode` with an `ExitCode`
 * cause, or another failure), or the text of an earlier protocol (empty text means success).
 */
export function outcomeOf(codec: ClientChannelCodec, payload: Buffer): RemoteOutcome {
  const text = payload.toString('utf8');
  if (!codec.statusErrors) {
    if (text === '') return { kind: 'exit', exitCode: 0 };
    return { kind: 'failure', status: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: text } };
  }
  let status: Status;
  try {
    status = JSON.parse(text) as Status;
  } catch {
    return { kind: 'failure', status: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: `error stream protocol error: ${text}` } };
  }
  if (status.status === 'Success') return { kind: 'exit', exitCode: 0 };
  if (status.reason === 'NonZeroExitCode') {
    const cause = (status.details?.causes ?? []).find((c) => c.reason === 'ExitCode');
    const code = Number(cause?.message);
    if (cause !== undefined && Number.isInteger(code) && code >= 0 && code <= 255) return { kind: 'exit', exitCode: code };
    return { kind: 'failure', status: { ...status, message: 'error stream protocol error: invalid exit code value' } };
  }
  return { kind: 'failure', status };
}
