/**
 * Content negotiation: which representation of an answer the client's `Accept` header asks for
 * (JSON, YAML, protobuf, Table, PartialObjectMetadata, aggregated discovery), taking the first of
 * a fallback list the endpoint can serve, with 406 when nothing it accepts can be served.
 */
import { GROUPS, MEDIA_TYPES } from '../../sdk/naming.js';
import { notAcceptable } from '../errors.js';

/** One media range of an Accept header. */
export interface MediaRange {
  type: string;
  subtype: string;
  params: Record<string, string>;
  q: number;
}

/** The representations the server produces. */
export type Output =
  | { kind: 'json' }
  | { kind: 'yaml' }
  | { kind: 'protobuf' }
  | { kind: 'table'; version: 'v1' | 'v1beta1' }
  | { kind: 'metadata'; version: 'v1' | 'v1beta1'; list: boolean }
  | { kind: 'aggregated'; version: 'v2' | 'v2beta1' };

/** The answers an endpoint can give. */
export interface Offer {
  /** Resource reads: Table and PartialObjectMetadata are possible. */
  transforms?: boolean;
  /** Discovery roots: aggregated discovery is possible. */
  aggregated?: boolean;
  /** The answer has a protobuf form (built-in kinds; not custom resources). */
  protobuf?: boolean;
}

/** Media types listed in a 406 (what plain answers are available in). */
export const SERIALIZED_TYPES = ['application/json', 'application/yaml'];

/** Parses an Accept header into media ranges, best first (stable for equal q). */
export function parseAccept(header: string | undefined): MediaRange[] {
  if (header === undefined || header.trim() === '') return [];
  const ranges: (MediaRange & { index: number })[] = [];
  header.split(',').forEach((part, index) => {
    const pieces = part.split(';').map((p) => p.trim());
    const full = (pieces[0] ?? '').toLowerCase();
    if (full === '') return;
    const [type = '', subtype = ''] = full.split('/');
    const params: Record<string, string> = {};
    let q = 1;
    for (const p of pieces.slice(1)) {
      const eq = p.indexOf('=');
      if (eq < 0) continue;
      const k = p.slice(0, eq).trim().toLowerCase();
      const v = p.slice(eq + 1).trim().replace(/^"|"$/g, '');
      if (k === 'q') q = Number(v);
      else params[k] = v;
    }
    if (!(q > 0)) return;
    ranges.push({ type, subtype, params, q, index });
  });
  ranges.sort((a, b) => (b.q - a.q) || (a.index - b.index));
  return ranges.map(({ index: _index, ...r }) => r);
}

function isJsonLike(r: MediaRange): boolean {
  return (r.type === 'application' && r.subtype === 'json') || (r.type === 'application' && r.subtype === '*') || (r.type === '*' && r.subtype === '*');
}

function match(r: MediaRange, offer: Offer, isList: boolean): Output | undefined {
  const as = r.params.as;
  if (as !== undefined) {
    if (!(r.type === 'application' && r.subtype === 'json')) return undefined;
    const g = r.params.g;
    const v = r.params.v;
    if (as === 'Table' && offer.transforms === true && g === GROUPS.meta && (v === 'v1' || v === 'v1beta1')) return { kind: 'table', version: v };
    if ((as === 'PartialObjectMetadata' || as === 'PartialObjectMetadataList') && offer.transforms === true && g === GROUPS.meta && (v === 'v1' || v === 'v1beta1')) {
      if ((as === 'PartialObjectMetadataList') !== isList) return undefined;
      return { kind: 'metadata', version: v, list: isList };
    }
    if (as === 'APIGroupDiscoveryList' && offer.aggregated === true && g === GROUPS.apidiscovery && (v === 'v2' || v === 'v2beta1')) return { kind: 'aggregated', version: v };
    return undefined;
  }
  if (isJsonLike(r)) return { kind: 'json' };
  if (r.type === 'application' && r.subtype === 'yaml') return { kind: 'yaml' };
  if (offer.protobuf === true && `${r.type}/${r.subtype}` === MEDIA_TYPES.protobuf) return { kind: 'protobuf' };
  return undefined;
}

/** Picks the representation; throws 406 when the client accepts none the endpoint has. */
export function negotiate(accept: string | undefined, offer: Offer, isList = false): Output {
  const ranges = parseAccept(accept);
  if (ranges.length === 0) return { kind: 'json' };
  for (const r of ranges) {
    const m = match(r, offer, isList);
    if (m !== undefined) return m;
  }
  throw notAcceptable(offer.protobuf === true ? [...SERIALIZED_TYPES, MEDIA_TYPES.protobuf] : SERIALIZED_TYPES);
}

/** The Content-Type header of an output. */
export function contentTypeOf(out: Output): string {
  switch (out.kind) {
    case 'json': return 'application/json';
    case 'yaml': return 'application/yaml';
    case 'protobuf': return MEDIA_TYPES.protobuf;
    case 'table': return `application/json;as=Table;v=${out.version};g=${GROUPS.meta}`;
    case 'metadata': return `application/json;as=${out.list ? 'PartialObjectMetadataList' : 'PartialObjectMetadata'};v=${out.version};g=${GROUPS.meta}`;
    case 'aggregated': return `application/json;g=${GROUPS.apidiscovery};v=${out.version};as=APIGroupDiscoveryList`;
  }
}
