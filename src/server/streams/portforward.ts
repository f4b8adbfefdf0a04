/**
 * `pods/portforward` over WebSocket, in both forms real servers accept: SPDY/3 port-forward streams
 * tunneled in binary messages (`SPDY/3.1+portforward.platform.io`, what kubectl speaks), and the
 * node agent's channel form (`v4.channel.platform.io`, `v4.base64.channel.platform.io`): one
 * connection per requested `ports` value, data on channel 2i and errors on 2i+1, each channel
 * first carrying its port as two little-endian bytes.
 */
import { connect } from 'node:net';
import type { WebSocket } from 'ws';
import { STREAM_PROTOCOLS } from '../../sdk/naming.js';
import type { Authorizer } from '../auth/authorizer.js';
import type { ServerContext } from '../context.js';
import { badRequest } from '../errors.js';
import type { PipelineEndpoint } from '../http/handler.js';
import type { RequestContext } from '../http/request-context.js';
import { channelCodec, decodeChannelMessage, encodeChannelMessage } from './channel-frames.js';
import { admitConnect, authorizeCreate } from './connect.js';
import { checkConnectable, loadPod } from './pod-target.js';
import { PortForwardSession } from './spdy/port-forward-session.js';
import { framedReader } from './framed-reader.js';
import { acceptWebSocket, chooseProtocol, requireWebSocket, sendOrWait, sendWithBackpressure } from './websocket.js';

const TUNNEL_PROTOCOL = `${STREAM_PROTOCOLS.spdyTunnelPrefix}${STREAM_PROTOCOLS.portForward}`;
const CHANNEL_PROTOCOLS = [STREAM_PROTOCOLS.channelV4, STREAM_PROTOCOLS.base64ChannelV4];

/** The message the node agent writes on the error stream when the pod's port cannot be reached. */
function forwardError(podName: string, uid: string, host: string, port: number, err: Error): string {
  return `error forwarding port ${port} to pod ${podName}, uid ${uid}: failed to connect to ${host}:${port} inside namespace of the pod: ${err.message}`;
}

function parsePorts(q: URLSearchParams): number[] {
  const out: number[] = [];
  for (const raw of q.getAll('ports')) {
    for (const part of raw.split(',')) {
      if (part.trim() === '') continue;
      const n = Number(part.trim());
      if (!Number.isInteger(n) || n < 1 || n > 65535) throw badRequest(`invalid port ${JSON.stringify(part)}: port must be between 1 and 65535`);
      out.push(n);
    }
  }
  return out;
}

function messageOf(raw: Buffer | ArrayBuffer | Buffer[]): Buffer {
  return Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw);
}

function serveTunnel(ws: WebSocket, host: string, describe: (port: number, err: Error) => string): void {
  const session = new PortForwardSession({
    host,
    write: (bytes) => sendWithBackpressure(ws, bytes),
    writeOrWait: (bytes, drained) => sendOrWait(ws, bytes, drained),
    close: () => ws.close(1000),
    describeError: describe,
  });
  ws.on('message', (raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    if (!isBinary) {
      ws.close(1003, 'invalid message type');
      return;
    }
    session.receive(messageOf(raw));
  });
  ws.once('close', () => session.close());
}

function serveChannels(ws: WebSocket, protocol: string, host: string, ports: number[], describe: (port: number, err: Error) => string): void {
  const codec = channelCodec(protocol);
  if (codec === undefined) return;
  const send = (channel: number, data: Buffer): Promise<void> => sendWithBackpressure(ws, encodeChannelMessage(codec, channel, data));
  let open = ports.length;
  const sockets = ports.map((port, i) => {
    const prefix = Buffer.alloc(2);
    prefix.writeUInt16LE(port);
    void send(2 * i, prefix);
    void send(2 * i + 1, prefix);
    // Binary protocols send what was read with the channel byte in front, without a copy.
    const onFrame = (frame: Buffer): boolean => {
      let message: Buffer | string = frame;
      if (codec.base64) message = encodeChannelMessage(codec, 2 * i, frame.subarray(1));
      else frame[0] = 2 * i;
      return sendOrWait(ws, message, () => socket.resume());
    };
    const socket = connect({ host, port, onread: framedReader(1, onFrame) });
    let connected = false;
    socket.on('connect', () => {
      connected = true;
    });
    socket.on('error', (err) => {
      if (!connected) void send(2 * i + 1, Buffer.from(describe(port, err)));
    });
    socket.on('close', () => {
      open--;
      if (open === 0 && ws.readyState === ws.OPEN) ws.close(1000);
    });
    return socket;
  });
  ws.on('message', (raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
    const m = decodeChannelMessage(codec, messageOf(raw), isBinary);
    if (m === undefined || m.kind !== 'data' || m.channel % 2 !== 0) return;
    const socket = sockets[m.channel / 2];
    if (socket !== undefined && !socket.destroyed && m.data.length > 0) socket.write(m.data);
  });
  ws.once('close', () => {
    for (const s of sockets) s.destroy();
  });
}

async function servePortForward(ctx: ServerContext, rc: RequestContext, authorizer: Authorizer): Promise<void> {
  const pod = await loadPod(ctx, rc.info.namespace, rc.info.name);
  checkConnectable(pod, 'port-forward');
  const ports = parsePorts(rc.url.searchParams);
  await authorizeCreate(rc, authorizer);
  await admitConnect(ctx, rc, { kind: 'PodPortForwardOptions', ...(ports.length > 0 ? { ports } : {}) });
  const podName = pod.metadata?.name ?? '';
  const host = pod.status?.podIP;
  if (host === undefined) throw badRequest(`pod ${podName} does not have an IP address yet`);
  requireWebSocket(rc.req);
  const protocol = chooseProtocol(rc.req, [TUNNEL_PROTOCOL, ...CHANNEL_PROTOCOLS], false) ?? TUNNEL_PROTOCOL;
  if (protocol !== TUNNEL_PROTOCOL && ports.length === 0) throw badRequest('query parameter "port" is required');
  const describe = (port: number, err: Error): string => forwardError(podName, pod.metadata?.uid ?? '', host, port, err);
  const ws = await acceptWebSocket(rc.req, protocol);
  if (protocol === TUNNEL_PROTOCOL) serveTunnel(ws, host, describe);
  else serveChannels(ws, protocol, host, ports, describe);
}

/** `pods/portforward`. */
export function portForwardEndpoint(ctx: ServerContext, authorizer: Authorizer): PipelineEndpoint {
  return {
    matches: (info) => info.isResourceRequest && info.apiGroup === '' && info.resource === 'pods' && info.subresource === 'portforward' && info.name !== '',
    serve: (rc) => servePortForward(ctx, rc, authorizer),
  };
}
