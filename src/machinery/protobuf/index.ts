/**
 * The protobuf representation of API objects: objects and lists encoded from their type schemas
 * with protobufjs, the envelope (magic bytes, then an `Unknown` message with the type meta and the
 * object's own message in `raw`), and watch streams (each event a 4-byte big-endian length, then a
 * `WatchEvent` message whose object is an enveloped object). The SDK binds the envelope to the
 * API's prefix (sdk/types/schema/protobuf); the client and the local server share it.
 *
 * @packageDocumentation
 */
export { ProtobufDecodeError, decodeMessage, encodeMessage, type TypeMeta } from './message-codec.js';
export { envelopeCodec, type EnvelopeCodec } from './envelope.js';
export { WatchFrameReader, watchFrame } from './watch-frames.js';
export { fromPlain, toPlain } from './convert.js';
