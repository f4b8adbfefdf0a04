/**
 * The client side of the exec/attach channel protocols (client-go's remotecommand over WebSocket):
 * which sub-protocols a client offers, and pure functions that frame and read messages for the one
 * the server chose, and that read the exit code from the error channel's Status. Unit tests drive
 * them with recorded frames.
 */
import { channelCodecOf, decodeChannelBytes, encodeChannelMessage, CHANNELS, CLOSE_SIGNAL, type ChannelCodec } from '../../machinery/channel-codec.js';
import { STREAM_PROTOCOLS } from '../naming.js';
import type { Status } from '../types/status.js';

export { CHANNELS, CLOSE_SIGNAL, encodeChannelMessage as encodeMessage };

/** The protocols an exec or attach offers, most preferred first. */
export const REMOTE_COMMAND_PROTOCOLS: readonly string[] = [
  STREAM_PROTOCOLS.channelV5, STREAM_PROTOCOLS.channelV4, STREAM_PROTOCOLS.base64ChannelV4, STREAM_PROTOCOLS.base64Channel,
];

/** How the negotiated protocol frames messages. */
export type ClientChannelCodec = ChannelCodec;

/** The codec of a negotiated protocol; undefined when the server chose something not offered. */
export function codecFor(protocol: string): ClientChannelCodec | undefined {
  return REMOTE_COMMAND_PROTOCOLS.includes(protocol) ? channelCodecOf(protocol) : undefined;
}

/** The v5 message that half-closes `channel`. */
export function encodeClose(channel: number): Uint8Array {
  return Uint8Array.of(CLOSE_SIGNAL, channel);
}

/** A terminal size on the resize channel, as JSON (`{"Width":80,"Height":24}`). */
export function encodeResize(codec: ClientChannelCodec, width: number, height: number): Uint8Array | string {
  return encodeChannelMessage(codec, CHANNELS.resize, Buffer.from(JSON.stringify({ Width: width, Height: height }), 'utf8'));
}

/** Reads a server message: its channel and data (undefined for an empty or malformed message). */
export function decodeMessage(codec: ClientChannelCodec, message: Uint8Array | string): { channel: number; data: Buffer } | undefined {
  if (typeof message === 'string') {
    if (!codec.base64 || message.length === 0) return undefined;
    return { channel: message.charCodeAt(0) - 0x30, data: Buffer.from(message.slice(1), 'base64') };
  }
  return message.length === 0 ? undefined : decodeChannelBytes(codec, message);
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
