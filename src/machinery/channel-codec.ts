/**
 * The framing of the exec, attach and port-forward channel protocols over WebSocket, shared by
 * the client and the server: every message starts with its channel number (a byte, or an ASCII
 * digit in the base64 variants, whose data is then base64 text). The protocol's name says what
 * else it carries: `vN.` is its version (none is version 1), and `base64.` the text framing.
 * Version 3 added terminal resizes, 4 a Status on the error channel, 5 the close signal.
 * Which protocols a side offers or accepts is that side's own list.
 */

/** Channel numbers of exec and attach. */
export const CHANNELS = { stdin: 0, stdout: 1, stderr: 2, error: 3, resize: 4 } as const;
/** The v5 close signal (`[255, channel]` half-closes a channel). */
export const CLOSE_SIGNAL = 255;

/** How a negotiated protocol frames messages. */
export interface ChannelCodec {
  protocol: string;
  /** Text messages with base64 data instead of binary messages. */
  base64: boolean;
  /** The error channel carries a JSON Status (v4 and later) instead of text. */
  statusErrors: boolean;
  /** A channel can be half-closed (v5). */
  closeSignal: boolean;
  /** Terminal sizes can be sent on the resize channel (v3 and later). */
  resize: boolean;
}

const CHANNEL_PROTOCOL = /^(?:v(\d+)\.)?(base64\.)?channel\./;

/** The codec a protocol's name describes; undefined for a name that is not a channel protocol. */
export function channelCodecOf(protocol: string): ChannelCodec | undefined {
  const m = CHANNEL_PROTOCOL.exec(protocol);
  if (m === null) return undefined;
  const version = m[1] === undefined ? 1 : Number(m[1]);
  return { protocol, base64: m[2] !== undefined, statusErrors: version >= 4, closeSignal: version >= 5, resize: version >= 3 };
}

/** A message carrying `data` on `channel`. */
export function encodeChannelMessage(codec: ChannelCodec, channel: number, data: Uint8Array): Buffer | string {
  if (codec.base64) return `${String.fromCharCode(0x30 + channel)}${Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64')}`;
  const out = Buffer.allocUnsafe(data.length + 1);
  out[0] = channel;
  out.set(data, 1);
  return out;
}

/** The channel and data of a non-empty binary message (a base64 protocol's text read as bytes). */
export function decodeChannelBytes(codec: ChannelCodec, message: Uint8Array): { channel: number; data: Buffer } {
  const bytes = Buffer.from(message.buffer, message.byteOffset, message.byteLength);
  if (codec.base64) return { channel: (bytes[0] ?? 0) - 0x30, data: Buffer.from(bytes.subarray(1).toString('latin1'), 'base64') };
  return { channel: bytes[0] ?? 0, data: bytes.subarray(1) };
}
