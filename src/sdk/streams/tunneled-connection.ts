/**
 * One local connection of a port-forward over a tunnel, as kubectl's port forwarder carries it: a
 * fresh `requestID` and two streams, `error` (the client sends nothing on it) then `data`, both
 * with the pod's `port`. The local bytes follow at once (kubectl waits for each stream's reply
 * first, a round trip that SPDY servers' in-order handling of a session's frames makes needless).
 * A local end of input half-closes the data stream, and the pod's answer still comes back; when
 * the server has ended the data stream and the error stream, the local connection is closed, and a
 * message the error stream carried is reported as this connection's failure (the others go on).
 * A local connection that goes away before that resets its streams, so that the pod's end closes.
 * A tunnel lost under a connection resets the local connection (its client must not take a cut
 * answer for a whole one) and reports `lost connection to pod`, as kubectl says of its own.
 */
import type { Socket } from 'node:net';
import { PlatformError } from '../errors.js';
import type { PortForwardTunnel } from './port-forward-tunnel.js';
import { pauseWhileBuffered } from './send-buffer.js';

/** What one connection forwards, and where its failure goes. */
export interface TunneledConnection {
  socket: Socket;
  /** Stops keeping what the local client sends, and returns what was kept before the streams could take it. */
  takeEarly(): Buffer[];
  /** The ports the failure message names (the forward's mapping). */
  local: number;
  remote: number;
  /** The pod's port the streams go to. */
  podPort: number;
  /** Called with the connection's failure (the error stream's message). */
  onError(error: Error): void;
}

/** Forwards `c.socket` over `tunnel` until both ends are done. */
export function forwardOverTunnel(tunnel: PortForwardTunnel, c: TunneledConnection): void {
  const { socket } = c;
  const base = { port: String(c.podPort), requestid: tunnel.nextRequestId() };
  const errorText: Buffer[] = [];
  let errorDone = false;
  let remoteDone = false;
  let localDone = false;
  let finished = false;

  const endLocal = (): void => {
    if (localDone) return;
    localDone = true;
    tunnel.write(dataId, Buffer.alloc(0), true);
  };
  /** Both of the server's streams are done (`reset`: gone without an end; `lost`: with the tunnel). */
  const finish = (reset: boolean, lost = false): void => {
    if (finished) return;
    finished = true;
    // The server forgets a stream once both sides have ended it.
    if (!reset) endLocal();
    tunnel.forget(errorId);
    tunnel.forget(dataId);
    const message = Buffer.concat(errorText).toString('utf8');
    if (message !== '') c.onError(new PlatformError(`an error occurred forwarding ${c.local} -> ${c.remote}: ${message}`));
    if (lost) {
      if (!socket.destroyed) socket.resetAndDestroy();
      return;
    }
    // kubectl closes the local connection here; what was written to it is flushed first.
    if (socket.writableFinished || socket.destroyed) {
      socket.destroy();
      return;
    }
    socket.once('finish', () => socket.destroy());
    if (!socket.writableEnded) socket.end();
  };
  /** The tunnel went while the server's side was not done. */
  const lose = (): void => {
    // The pod's whole answer came: only the error stream's end is missing, and nothing was cut.
    if (remoteDone) {
      finish(true);
      return;
    }
    if (errorText.length === 0) errorText.push(Buffer.from('lost connection to pod'));
    finish(true, true);
  };
  const maybeFinish = (): void => {
    if (remoteDone && errorDone) finish(false);
  };

  const errorId = tunnel.openStream({ streamtype: 'error', ...base }, true, {
    onData: (d) => void errorText.push(d),
    onEnd: () => {
      errorDone = true;
      maybeFinish();
    },
    onReset: (cause) => {
      errorDone = true;
      if (cause === 'lost') lose();
      else maybeFinish();
    },
  });
  const dataId = tunnel.openStream({ streamtype: 'data', ...base }, false, {
    onData: (d) => {
      if (!socket.destroyed) socket.write(d);
    },
    onEnd: () => {
      if (remoteDone) return;
      remoteDone = true;
      if (!socket.destroyed) socket.end();
      maybeFinish();
    },
    onReset: (cause) => {
      if (cause === 'lost') {
        lose();
        return;
      }
      remoteDone = true;
      errorDone = true;
      if (cause === 'reset' && errorText.length === 0) errorText.push(Buffer.from('the server reset the stream'));
      finish(true);
    },
  });
  socket.once('close', () => {
    if (finished) return;
    // The pod's side has ended its data: the error stream's end (and message) is still to come.
    if (remoteDone) {
      endLocal();
      return;
    }
    // The local client went away before the pod's side was done: the pod's connection closes too.
    finished = true;
    tunnel.reset(dataId);
    tunnel.reset(errorId);
  });
  for (const chunk of c.takeEarly()) tunnel.write(dataId, chunk);
  socket.on('data', (chunk: Buffer) => {
    if (localDone || finished) return;
    tunnel.write(dataId, chunk);
    pauseWhileBuffered(socket, () => tunnel.bufferedAmount);
  });
  socket.once('end', endLocal);
  socket.resume();
}
