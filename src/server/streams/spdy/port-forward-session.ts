/**
 * The port-forward protocol over SPDY/3 (as clients tunnel it in WebSocket binary messages): the
 * client opens two streams per connection, `streamtype: error` and `streamtype: data`, with the
 * same `requestid` and the `port`; once both are there, the server connects to the pod's port and
 * copies bytes between the data stream and that connection. A failure is written on the error
 * stream and ends only that pair; the session goes on until the client closes it.
 */
import { connect, type Socket } from 'node:net';
import { framedReader } from '../framed-reader.js';
import {
  decodeHeaderBlock, encodeData, encodeGoAway, encodePing, encodeHeaderBlock, encodeRstStream, encodeSynReply, fixedFields, FLAG_FIN, FRAME,
  FRAME_HEADER, FrameDecoder, RST, streamFramePayload, writeDataHeader, type Frame,
} from '../../../machinery/spdy/frames.js';
import { HeaderCompression } from '../../../machinery/spdy/header-compression.js';

/** Where the session sends bytes and how it reaches the pod. */
export interface PortForwardTarget {
  /** Writes bytes to the client; resolves when the transport can take more. */
  write(bytes: Buffer): Promise<void>;
  /** Writes bytes to the client; false when the writer must wait until `drained` is called. */
  writeOrWait(bytes: Buffer, drained: () => void): boolean;
  /** Ends the transport. */
  close(): void;
  /** The pod's address. */
  host: string;
  /** The error text for a refused connection (the node agent's wording). */
  describeError(port: number, err: Error): string;
}

interface StreamState {
  id: number;
  type: string;
  remoteClosed: boolean;
  localClosed: boolean;
  pair?: Pair;
}

interface Pair {
  data?: StreamState;
  error?: StreamState;
  socket?: Socket;
}

/** Largest DATA frame of an error text (pod data goes in frames of one read each, up to 64 KiB). */
const MAX_DATA = 32 * 1024;

/** One SPDY session serving port-forward streams. */
export class PortForwardSession {
  private readonly decoder = new FrameDecoder();
  private readonly headers = new HeaderCompression();
  private readonly streams = new Map<number, StreamState>();
  private readonly pairs = new Map<string, Pair>();
  private chain: Promise<void> = Promise.resolve();
  private lastStreamId = 0;
  private closed = false;

  constructor(private readonly target: PortForwardTarget) {}

  /** Bytes from the client (frames may be split across or share messages). */
  receive(bytes: Buffer): void {
    for (const frame of this.decoder.push(bytes)) {
      // Frames are handled in order: header blocks decompress asynchronously.
      // A frame that cannot be handled (a corrupt header block) ends the whole connection: a
      // session left open with its streams unanswered would hold the client for ever.
      this.chain = this.chain.then(() => this.handle(frame)).catch(() => this.fail());
    }
  }

  /** Ends every connection (the transport closed). */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const p of this.pairs.values()) p.socket?.destroy();
    this.pairs.clear();
    this.headers.close();
  }

  private fail(): void {
    this.target.close();
    this.close();
  }

  private send(bytes: Buffer): Promise<void> {
    return this.closed ? Promise.resolve() : this.target.write(bytes);
  }

  private async handle(frame: Frame): Promise<void> {
    if (this.closed) return;
    if (frame.type === 'data') {
      this.onData(frame.streamId, frame.data, (frame.flags & FLAG_FIN) !== 0);
      return;
    }
    switch (frame.frameType) {
      case FRAME.synStream: {
        const p = streamFramePayload(frame.frameType, frame.payload);
        if (p === undefined) return;
        // The zlib context must see every header block, even of a stream that is refused.
        const block = decodeHeaderBlock(await this.headers.decompress(p.headerBlock));
        await this.onSynStream(p.streamId, block ?? {}, (frame.flags & FLAG_FIN) !== 0);
        return;
      }
      case FRAME.synReply:
      case FRAME.headers: {
        const p = streamFramePayload(frame.frameType, frame.payload);
        if (p !== undefined) await this.headers.decompress(p.headerBlock);
        return;
      }
      case FRAME.rstStream: {
        const [id] = fixedFields(frame.payload);
        this.reset(id & 0x7fffffff);
        return;
      }
      case FRAME.ping: {
        const [id] = fixedFields(frame.payload);
        await this.send(encodePing(id));
        return;
      }
      case FRAME.goAway:
        await this.send(encodeGoAway(this.lastStreamId));
        this.target.close();
        this.close();
        return;
      default:
        // SETTINGS, WINDOW_UPDATE: the peers of this protocol do not use flow control.
        return;
    }
  }

  private async onSynStream(id: number, headers: Record<string, string>, fin: boolean): Promise<void> {
    this.lastStreamId = Math.max(this.lastStreamId, id);
    const type = headers.streamtype ?? '';
    const port = Number(headers.port ?? '');
    const requestId = headers.requestid ?? '';
    if ((type !== 'data' && type !== 'error') || !Number.isInteger(port) || port < 1 || port > 65535) {
      await this.send(encodeRstStream(id, RST.protocolError));
      return;
    }
    const s: StreamState = { id, type, remoteClosed: fin, localClosed: false };
    this.streams.set(id, s);
    await this.send(encodeSynReply(id, await this.headers.compress(encodeHeaderBlock({})), false));
    const key = `${requestId}/${port}`;
    const pair = this.pairs.get(key) ?? {};
    this.pairs.set(key, pair);
    s.pair = pair;
    if (type === 'data') pair.data = s;
    else pair.error = s;
    if (pair.data !== undefined && pair.error !== undefined && pair.socket === undefined) this.forward(key, pair, port);
  }

  private forward(key: string, pair: Pair, port: number): void {
    const data = pair.data;
    if (data === undefined) return;
    // Each read becomes one DATA frame, its header written in front of the bytes read.
    const onFrame = (frame: Buffer): boolean => {
      if (data.localClosed || this.closed) return true;
      return this.target.writeOrWait(writeDataHeader(frame, data.id, false), () => socket.resume());
    };
    const socket = connect({ host: this.target.host, port, onread: framedReader(FRAME_HEADER, onFrame) });
    pair.socket = socket;
    let connected = false;
    socket.on('connect', () => {
      connected = true;
    });
    socket.on('end', () => void this.finishStream(data));
    socket.on('error', (err) => {
      if (!connected && pair.error !== undefined) void this.sendData(pair.error, Buffer.from(this.target.describeError(port, err)));
    });
    socket.on('close', () => {
      void this.chain.then(async () => {
        await this.finishStream(data);
        if (pair.error !== undefined) await this.finishStream(pair.error);
        this.pairs.delete(key);
      });
    });
  }

  private async sendData(s: StreamState, chunk: Buffer): Promise<void> {
    for (let i = 0; i < chunk.length; i += MAX_DATA) {
      if (s.localClosed) return;
      await this.send(encodeData(s.id, chunk.subarray(i, i + MAX_DATA), false));
    }
  }

  private async finishStream(s: StreamState): Promise<void> {
    if (s.localClosed) return;
    s.localClosed = true;
    await this.send(encodeData(s.id, Buffer.alloc(0), true));
    if (s.remoteClosed) this.streams.delete(s.id);
  }

  private onData(id: number, bytes: Buffer, fin: boolean): void {
    const s = this.streams.get(id);
    if (s === undefined) return;
    const socket = s.pair?.socket;
    if (s.type === 'data' && socket !== undefined && bytes.length > 0 && !socket.destroyed) socket.write(bytes);
    if (fin) {
      s.remoteClosed = true;
      if (s.type === 'data') socket?.end();
      if (s.localClosed) this.streams.delete(id);
    }
  }

  private reset(id: number): void {
    const s = this.streams.get(id);
    if (s === undefined) return;
    this.streams.delete(id);
    s.localClosed = true;
    s.pair?.socket?.destroy();
  }
}
