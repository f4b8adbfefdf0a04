/**
 * Streams a watch: chunked newline-delimited JSON events (or length-prefixed protobuf frames), ended by `timeoutSeconds` (or the random
 * default), by the client going away, or by the event source ending. A client that does not read
 * is not buffered without bound: writing waits for the socket to drain, the watch's own queue
 * then fills and the store ends the watch.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { OutgoingEvent, PreparedWatch } from '../rest/watch.js';
import type { RequestContext } from './request-context.js';
import { contentTypeOf, type Output } from './negotiation.js';
import { MEDIA_TYPES } from '../../sdk/naming.js';
import { watchFrame } from '../../sdk/types/schema/protobuf/index.js';
import { encodeAnswer } from '../protobuf/index.js';
import { waitDrainOrClose } from './drain.js';
import { writeJson } from '../../machinery/json-numbers.js';
import { setLongTimeout } from '../../machinery/long-timeout.js';

/** Writes the events of a prepared watch to the response. */
export async function streamWatch(rc: RequestContext, prepared: PreparedWatch, out: Output, encode: (ev: OutgoingEvent) => JsonObject): Promise<void> {
  const res = rc.res;
  const protobuf = out.kind === 'protobuf';
  const contentType = out.kind === 'yaml' ? 'application/json' : protobuf ? `${MEDIA_TYPES.protobuf};stream=watch` : contentTypeOf(out);
  res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-cache, private', 'Transfer-Encoding': 'chunked', ...rc.headers });
  res.flushHeaders();
  const events = prepared.events;
  let timedOut = false;
  const timer = setLongTimeout(() => {
    timedOut = true;
    prepared.stop();
  }, prepared.timeoutMs);
  const onClose = (): void => prepared.stop();
  res.once('close', onClose);
  try {
    for await (const ev of events) {
      if (timedOut || res.destroyed) break;
      // Protobuf: length-prefixed WatchEvent frames whose object is an enveloped object, as a real server frames them.
      const chunk = protobuf ? watchFrame(ev.type, encodeAnswer(encode(ev))) : `${writeJson({ type: ev.type, object: encode(ev) })}\n`;
      if (!res.write(chunk)) await waitDrainOrClose(rc.res);
      if (ev.type === 'ERROR') break;
    }
  } catch {
    // A failed watch ends its stream; the client re-watches from its last resource version.
  } finally {
    prepared.stop();
    timer.clear();
    res.off('close', onClose);
    if (!res.destroyed) res.end();
  }
}
