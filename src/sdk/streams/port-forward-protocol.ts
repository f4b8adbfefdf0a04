/**
 * The WebSocket port-forward protocol of the node agent (`v4.channel` framing, reached through the
 * API server's `pods/portforward`): one connection per requested port; port i has a data channel
 * 2i and an error channel 2i+1, and the server's first message on each channel is the port as two
 * little-endian bytes. Pure functions over messages, unit-tested with recorded frames.
 */
import { STREAM_PROTOCOLS } from '../naming.js';
import { codecFor, decodeMessage, encodeMessage, type ClientChannelCodec } from './channel-protocol.js';

/** Offered sub-protocols, most preferred first. */
export const PORT_FORWARD_PROTOCOLS: readonly string[] = [STREAM_PROTOCOLS.channelV4, STREAM_PROTOCOLS.base64ChannelV4];

/** What one server message means for a single-port session. */
export type PortForwardEvent =
  | { kind: 'data'; data: Buffer }
  | { kind: 'error'; message: string }
  | { kind: 'ignored' };

/** Reads a single-port session's messages: skips each channel's port prefix, then data and errors. */
export class PortForwardReader {
  private readonly seenPrefix = new Set<number>();

  constructor(private readonly codec: ClientChannelCodec) {}

  /** The codec of a negotiated port-forward protocol. */
  static for(protocol: string): PortForwardReader | undefined {
    const codec = codecFor(protocol);
    return codec === undefined || !PORT_FORWARD_PROTOCOLS.includes(protocol) ? undefined : new PortForwardReader(codec);
  }

  read(message: Uint8Array | string): PortForwardEvent {
    const m = decodeMessage(this.codec, message);
    if (m === undefined || (m.channel !== 0 && m.channel !== 1)) return { kind: 'ignored' };
    if (!this.seenPrefix.has(m.channel)) {
      this.seenPrefix.add(m.channel);
      // The prefix is the port; data in the same message after it (never sent by servers) is kept.
      const rest = m.data.subarray(2);
      if (rest.length === 0) return { kind: 'ignored' };
      return m.channel === 0 ? { kind: 'data', data: rest } : { kind: 'error', message: rest.toString('utf8') };
    }
    if (m.channel === 0) return m.data.length === 0 ? { kind: 'ignored' } : { kind: 'data', data: m.data };
    return m.data.length === 0 ? { kind: 'ignored' } : { kind: 'error', message: m.data.toString('utf8') };
  }

  /** A message carrying bytes for the pod's port. */
  encode(data: Uint8Array): Uint8Array | string {
    return encodeMessage(this.codec, 0, data);
  }
}
