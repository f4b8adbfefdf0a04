/**
 * The protobuf representation of API objects (`application/vnd.platform.protobuf`): the codec of
 * machinery/protobuf with the envelope's four magic bytes (`6b 38 73 00`) that the naming module
 * owns. Shared by the SDK and the local server.
 *
 * @packageDocumentation
 */
import { PROTOBUF_PREFIX } from '../../../naming.js';
import { envelopeCodec } from '../../../../machinery/protobuf/envelope.js';

const codec = envelopeCodec(PROTOBUF_PREFIX);
/** The type meta and message bytes of an enveloped body; refuses other prefixes, encodings and content types. */
export const openEnvelope = codec.openEnvelope;
/** The enveloped protobuf form of an object (its apiVersion and kind go to the type meta). */
export const encodeObject = codec.encodeObject;
/**
 * Decodes an enveloped object: `schemaOf` names the schema of its type meta (undefined: not a
 * type this side knows). The result carries `apiVersion` and `kind` from the envelope; `exact`
 * keeps int64 values beyond 2^53 exact.
 */
export const decodeObject = codec.decodeObject;
export {
  ProtobufDecodeError, WatchFrameReader, decodeMessage, encodeMessage, fromPlain, toPlain, watchFrame, type TypeMeta,
} from '../../../../machinery/protobuf/index.js';
