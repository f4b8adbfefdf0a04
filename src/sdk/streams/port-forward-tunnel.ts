/**
 * The client side of one SPDY/3.1 session tunneled in a WebSocket's binary messages
 * (`SPDY/3.1+portforward.platform.io`, what kubectl speaks): every connection to the pod opens its
 * own streams on it, so a forward is authorized once per pod instead of once per connection.
 *
 * The session opens streams (odd ids, increasing), sends their frames, and hands the server's frames
 * to each stream's handler. Neither the server nor kubectl's SPDY library applies SPDY/3.1 flow
 * control (they ignore WINDOW_UPDATE and SETTINGS), so neither does this session: backpressure is
 * the WebSocket's send buffer (the caller pauses its reader while {@link bufferedAmount} is high)
 * and TCP underneath. Header blocks go out as stored blocks of the zlib stream, framed at once
 * (`StoredHeaderBlocks`); the server's reply headers carry nothing a forward uses, so they are not
 * inflated (the zlib context is only needed to read them).
 */
import type { WebSocket as UndiciWebSocket } from 'undici';
import {
  encodeData, encodeHeaderBlock, encodePing, encodeRstStream, encodeSynStream, fixedFields, FLAG_FIN, FRAME, FrameDecoder, RST, streamFramePayload,
  type Frame,
} from '../../machinery/spdy/frames.js';
import { StoredHeaderBlocks } from '../../machinery/spdy/header-compression.js';
import { STREAM_PROTOCOLS } from '../naming.js';

/** The sub-protocol of the tunnel. */
export const PORT_FORWARD_TUNNEL_PROTOCOL = `${STREAM_PROTOCOLS.spdyTunnelPrefix}${STREAM_PROTOCOLS.portForward}`;

/** Largest stream id (31 bits); a session that has used them all takes no new streams. */
const MAX_STREAM_ID = 0x7fffffff;

/** Frames up to this size wait for the others of the same turn of the event loop, to go in one message. */
const BATCH_BELOW = 16 * 1024;

/**
 * Why a stream is gone without an end: the server reset it, the tunnel was closed on this side (the
 * forward is closing), or the tunnel was lost under it (the connection dropped, or the server broke
 * the protocol), so that what the pod still had to say never came.
 */
export type StreamResetCause = 'reset' | 'closed' | 'lost';

/** What happens on one stream, as the server says it. */
export interface TunnelStreamHandler {
  onData(data: Buffer): void;
  /** The server sends nothing more on the stream (FIN). */
  onEnd(): void;
  /** The stream is gone without an end. */
  onReset(cause: StreamResetCause): void;
}

/** One SPDY session over one WebSocket, to one pod. */
export class PortForwardTunnel {
  private readonly decoder = new FrameDecoder();
  private readonly headerBlocks = new StoredHeaderBlocks();
  private readonly streams = new Map<number, TunnelStreamHandler>();
  private nextStreamId = 1;
  private requestIds = 0;
  private retiring = false;
  private goneAway = false;
  private ended = false;
  /** Set once the tunnel has ended: closed here or lost. */
  private endCause: StreamResetCause = 'closed';
  private readonly endedListeners: (() => void)[] = [];
  /** Small frames of this turn of the event loop, sent together (a burst of connections opens many streams at once). */
  private batch: Buffer[] = [];
  private batchBytes = 0;

  constructor(private readonly ws: UndiciWebSocket) {
    ws.addEventListener('message', (ev) => {
      const raw = (ev as { data: unknown }).data;
      // A text message is not part of the protocol: the session cannot go on.
      if (!(raw instanceof ArrayBuffer)) {
        if (this.ws.readyState === 1) this.ws.close(1000);
        this.end('lost');
        return;
      }
      for (const frame of this.decoder.push(Buffer.from(raw))) this.handle(frame);
    });
    // Only this side closes a tunnel on purpose (the server ends sessions by their streams), so a
    // close that was not asked for here is a lost connection.
    ws.addEventListener('close', () => this.end('lost'), { once: true });
  }

  /** Whether new connections may open streams here (open, not retired, ids left). */
  get accepting(): boolean {
    return !this.ended && !this.retiring && !this.goneAway && this.nextStreamId < MAX_STREAM_ID - 2;
  }

  /** Bytes queued on the WebSocket and not yet sent (0 once it has closed). */
  get bufferedAmount(): number {
    return this.ws.readyState === 1 ? this.ws.bufferedAmount + this.batchBytes : 0;
  }

  /** A fresh `requestID` for a connection's pair of streams. */
  nextRequestId(): string {
    return String(this.requestIds++);
  }

  /** Calls `listener` once the tunnel has ended (at once when it has). */
  onEnded(listener: () => void): void {
    if (this.ended) listener();
    else this.endedListeners.push(listener);
  }

  /**
   * Opens a stream with `headers`; `fin` when the client sends nothing on it. Returns its id; its
   * data may follow at once (the server handles a session's frames in order, as SPDY servers do).
   */
  openStream(headers: Readonly<Record<string, string>>, fin: boolean, handler: TunnelStreamHandler): number {
    const id = this.nextStreamId;
    this.nextStreamId += 2;
    if (this.ended) {
      const cause = this.endCause;
      queueMicrotask(() => handler.onReset(cause));
      return id;
    }
    this.streams.set(id, handler);
    this.send(encodeSynStream(id, this.headerBlocks.encode(encodeHeaderBlock(headers)), fin));
    return id;
  }

  /** Sends bytes on a stream; `fin` ends the client's side of it. */
  write(id: number, data: Buffer, fin = false): void {
    this.send(encodeData(id, data, fin));
  }

  /** Resets a stream (the connection went away) and forgets it. */
  reset(id: number): void {
    if (!this.streams.delete(id)) return;
    this.send(encodeRstStream(id, RST.cancel));
    this.closeIfRetiredAndIdle();
  }

  /** Forgets a stream both sides have finished. */
  forget(id: number): void {
    this.streams.delete(id);
    this.closeIfRetiredAndIdle();
  }

  /** Takes no new streams; closes once the open ones are done (its pod is no longer the forward's). */
  retire(): void {
    this.retiring = true;
    this.closeIfRetiredAndIdle();
  }

  /** Ends the tunnel and every stream on it. */
  close(): void {
    this.flush();
    if (this.ws.readyState === 0 || this.ws.readyState === 1) this.ws.close(1000);
    this.end('closed');
  }

  private closeIfRetiredAndIdle(): void {
    if ((this.retiring || this.goneAway) && this.streams.size === 0) this.close();
  }

  /**
   * Sends a frame. Small ones are batched until the end of this turn of the event loop: one message
   * (and one TLS record) for the stream openings and requests of a burst of connections instead of
   * one each. Larger ones go at once, after what is batched.
   */
  private send(bytes: Buffer): void {
    if (this.ws.readyState !== 1) return;
    if (bytes.length >= BATCH_BELOW) {
      this.flush();
      this.ws.send(bytes);
      return;
    }
    if (this.batch.length === 0) setImmediate(() => this.flush());
    this.batch.push(bytes);
    this.batchBytes += bytes.length;
  }

  private flush(): void {
    if (this.batch.length === 0) return;
    const frames = this.batch.length === 1 ? this.batch[0] ?? Buffer.alloc(0) : Buffer.concat(this.batch, this.batchBytes);
    this.batch = [];
    this.batchBytes = 0;
    if (this.ws.readyState === 1) this.ws.send(frames);
  }

  private end(cause: StreamResetCause): void {
    if (this.ended) return;
    this.ended = true;
    this.endCause = cause;
    const handlers = [...this.streams.values()];
    this.streams.clear();
    for (const h of handlers) h.onReset(cause);
    for (const l of this.endedListeners.splice(0)) l();
  }

  private handle(frame: Frame): void {
    if (this.ended) return;
    if (frame.type === 'data') {
      const h = this.streams.get(frame.streamId);
      if (h === undefined) return;
      if (frame.data.length > 0) h.onData(frame.data);
      if ((frame.flags & FLAG_FIN) !== 0) h.onEnd();
      return;
    }
    switch (frame.frameType) {
      case FRAME.synReply: {
        const p = streamFramePayload(frame.frameType, frame.payload);
        if (p !== undefined && (frame.flags & FLAG_FIN) !== 0) this.streams.get(p.streamId)?.onEnd();
        return;
      }
      case FRAME.synStream: {
        // Servers do not push streams in this protocol.
        const p = streamFramePayload(frame.frameType, frame.payload);
        if (p !== undefined) this.send(encodeRstStream(p.streamId, RST.refusedStream));
        return;
      }
      case FRAME.rstStream: {
        const [id] = fixedFields(frame.payload);
        const h = this.streams.get(id & MAX_STREAM_ID);
        if (h === undefined) return;
        this.streams.delete(id & MAX_STREAM_ID);
        h.onReset('reset');
        this.closeIfRetiredAndIdle();
        return;
      }
      case FRAME.ping: {
        // The server's pings (even ids) are answered; ours (odd) would be answers, and none are sent.
        const [id] = fixedFields(frame.payload);
        if (id % 2 === 0) this.send(encodePing(id));
        return;
      }
      case FRAME.goAway:
        this.goneAway = true;
        this.closeIfRetiredAndIdle();
        return;
      default:
        // HEADERS, SETTINGS, WINDOW_UPDATE: nothing a forward uses (see the file's comment).
        return;
    }
  }
}
