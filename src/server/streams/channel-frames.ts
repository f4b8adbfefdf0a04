/**
 * The channel protocols of exec and attach over WebSocket (`channel`, `base64.channel`,
 * `v4.channel`, `v4.base64.channel`, `v5.channel`, with this API's domain): every message starts
 * with the channel number (a byte, or an ASCII digit in the base64 variants, whose data is base64
 * text); v4 and later carry a Status on the error channel; v5 adds the close signal 255 with the
 * channel to half-close. Pure functions over messages, testable with recorded bytes.
 */
import { STREAM_PROTOCOLS } from '../../sdk/naming.js';

/** The channels of exec and attach. */
export const CHANNEL = { stdin: 0, stdout: 1, stderr: 2, error: 3, resize: 4 } as const;
/** The v5 close signal: `[255, channel]`. */
export const CLOSE_SIGNAL = 255;

/** How one negotiated protocol frames messages. */
export interface ChannelCodec {
  protocol: string;
  /** Text messages with base64 data instead of binary messages. */
  base64: boolean;
  /** The error channel carries a JSON Status (v4 and later) instead of text. */
  statusErrors: boolean;
  /** The client may half-close a channel (v5). */
  closeSignal: boolean;
}

/** The exec/attach protocols this server speaks, most preferred first. */
export const CHANNEL_PROTOCOLS: readonly string[] = [
  STREAM_PROTOCOLS.channelV5, STREAM_PROTOCOLS.channelV4, STREAM_PROTOCOLS.base64ChannelV4, STREAM_PROTOCOLS.base64Channel, STREAM_PROTOCOLS.channelV1,
];

/** The codec of a protocol (undefined for one this server does not speak). */
export function channelCodec(protocol: string): ChannelCodec | undefined {
  if (!CHANNEL_PROTOCOLS.includes(protocol)) return undefined;
  return {
    protocol,
    base64: protocol === STREAM_PROTOCOLS.base64ChannelV4 || protocol === STREAM_PROTOCOLS.base64Channel,
    statusErrors: protocol === STREAM_PROTOCOLS.channelV5 || protocol === STREAM_PROTOCOLS.channelV4 || protocol === STREAM_PROTOCOLS.base64ChannelV4,
    closeSignal: protocol === STREAM_PROTOCOLS.channelV5,
  };
}

/** A message for `channel` carrying `data`. */
export function encodeChannelMessage(codec: ChannelCodec, channel: number, data: Uint8Array): Buffer | string {
  if (codec.base64) return `${String.fromCharCode(0x30 + channel)}${Buffer.from(data).toString('base64')}`;
  const out = Buffer.allocUnsafe(data.length + 1);
  out[0] = channel;
  out.set(data, 1);
  return out;
}

/** What a client message means. */
export type ChannelMessage =
  | { kind: 'data'; channel: number; data: Buffer }
  | { kind: 'close'; channel: number }
  | { kind: 'invalid'; reason: string };

/** Decodes a client message (`binary` as the WebSocket frame said). */
export function decodeChannelMessage(codec: ChannelCodec, message: Buffer, binary: boolean): ChannelMessage | undefined {
  if (message.length === 0) return undefined;
  const first = message[0] ?? 0;
  if (codec.closeSignal && first === CLOSE_SIGNAL) {
    if (message.length !== 2) return { kind: 'invalid', reason: `a close signal takes exactly one channel byte, got ${message.length - 1}` };
    return { kind: 'close', channel: message[1] ?? 0 };
  }
  if (codec.base64) {
    if (binary) return { kind: 'invalid', reason: 'binary message on a base64 protocol' };
    return { kind: 'data', channel: first - 0x30, data: Buffer.from(message.subarray(1).toString('latin1'), 'base64') };
  }
  return { kind: 'data', channel: first, data: message.subarray(1) };
}

/** A terminal size sent on the resize channel (`{"Width":80,"Height":24}`). */
export function decodeResize(data: Buffer): { width: number; height: number } | undefined {
  try {
    const v = JSON.parse(data.toString('utf8')) as unknown;
    if (typeof v !== 'object' || v === null) return undefined;
    const { Width: width, Height: height } = v as { Width?: unknown; Height?: unknown };
    if (typeof width !== 'number' || typeof height !== 'number') return undefined;
    if (!Number.isInteger(width) || !Number.isInteger(height) || width < 0 || height < 0 || width > 65535 || height > 65535) return undefined;
    return { width, height };
  } catch {
    return undefined;
  }
}

/** The error-channel Status of a command that ended (`Success`, or `NonZeroExitCode` with the code). */
export function exitStatus(exitCode: number, command: readonly string[]): Record<string, unknown> {
  if (exitCode === 0) return { metadata: {}, status: 'Success' };
  return {
    metadata: {},
    status: 'Failure',
    message: `command terminated with non-zero exit code: error executing command [${command.join(' ')}], exit code ${exitCode}`,
    reason: 'NonZeroExitCode',
    details: { causes: [{ reason: 'ExitCode', message: String(exitCode) }] },
  };
}

/** The error-channel Status of a failure that is not an exit code. */
export function failureStatus(message: string, reason = 'InternalError', code = 500): Record<string, unknown> {
  return { metadata: {}, status: 'Failure', message, reason, details: { causes: [{ message }] }, code };
}

/** What goes on the error channel: a Status as JSON (v4 and later) or its message as text. */
export function errorChannelPayload(codec: ChannelCodec, status: Record<string, unknown>): Buffer {
  if (codec.statusErrors) return Buffer.from(JSON.stringify(status), 'utf8');
  return Buffer.from(typeof status.message === 'string' ? status.message : '', 'utf8');
}
