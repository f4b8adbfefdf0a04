/**
 * The server side of the exec and attach channel protocols over WebSocket (`channel`,
 * `base64.channel`, `v4.channel`, `v4.base64.channel`, `v5.channel`, with this API's domain): which
 * of them it speaks, what a client message means (data, the v5 close signal, or a malformed
 * message), terminal sizes, and the Status on the error channel. The framing itself is the
 * client's too (`machinery/channel-codec.ts`). Pure functions over messages, testable with recorded
 * bytes.
 */
import { channelCodecOf, decodeChannelBytes, CLOSE_SIGNAL, type ChannelCodec } from '../../machinery/channel-codec.js';
import { STREAM_PROTOCOLS } from '../../sdk/naming.js';

export { CHANNELS, encodeChannelMessage, type ChannelCodec } from '../../machinery/channel-codec.js';

/** The exec/attach protocols this server speaks, most preferred first. */
export const CHANNEL_PROTOCOLS: readonly string[] = [
  STREAM_PROTOCOLS.channelV5, STREAM_PROTOCOLS.channelV4, STREAM_PROTOCOLS.base64ChannelV4, STREAM_PROTOCOLS.base64Channel, STREAM_PROTOCOLS.channelV1,
];

/** The codec of a protocol (undefined for one this server does not speak). */
export function channelCodec(protocol: string): ChannelCodec | undefined {
  return CHANNEL_PROTOCOLS.includes(protocol) ? channelCodecOf(protocol) : undefined;
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
  if (codec.base64 && binary) return { kind: 'invalid', reason: 'binary message on a base64 protocol' };
  return { kind: 'data', ...decodeChannelBytes(codec, message) };
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
