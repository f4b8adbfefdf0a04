/**
 * Reading request bodies: a size limit (413 above it), and decoding JSON or YAML by Content-Type
 * (415 for anything else, such as protobuf, which this server does not speak).
 */
import type { IncomingMessage } from 'node:http';
import type { JsonValue } from '../../sdk/types/meta.js';
import { MEDIA_TYPES } from '../../sdk/naming.js';
import { badRequest, requestEntityTooLarge, unsupportedMediaType } from '../errors.js';
import { firstYamlDocument } from './yaml-documents.js';
import { decodeProtobufBody } from '../protobuf/index.js';

/** The API server's limit on request bodies (3 MiB). */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

/** Reads the whole body. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (b: Buffer) => {
      if (failed) return;
      size += b.length;
      if (size > limit) {
        failed = true;
        reject(requestEntityTooLarge(limit));
        return;
      }
      chunks.push(b);
    });
    req.once('end', () => {
      if (!failed) resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    });
    req.once('error', (e) => {
      if (!failed) reject(e);
    });
  });
}

/** The media type of a Content-Type header without parameters. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Parses JSON with the API server's error text. */
export function parseJson(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    throw badRequest(`the body of the request was in an unknown format - accepted media types include: application/json, application/yaml: ${msg}`);
  }
}

/**
 * Parses YAML (or JSON, which is YAML) into a JSON value: the first document only, and the last of
 * repeated keys (as go-yaml does; strict field validation reports the repetition).
 */
export async function parseYaml(text: string): Promise<JsonValue> {
  const yaml = await import('js-yaml');
  try {
    const v = yaml.load(firstYamlDocument(text), { schema: yaml.JSON_SCHEMA, json: true }) as JsonValue | undefined;
    return v ?? null;
  } catch (e) {
    const msg = e instanceof Error ? e.message.split('\n')[0] ?? '' : String(e);
    throw badRequest(`error decoding YAML: ${msg}`);
  }
}

/** Decodes an object body of POST/PUT by its Content-Type (protobuf only for built-in kinds). */
export async function decodeObjectBody(req: IncomingMessage, buf: Buffer): Promise<JsonValue> {
  const type = mediaType(req.headers['content-type']);
  if (type === MEDIA_TYPES.protobuf) return decodeProtobufBody(buf);
  const text = buf.toString('utf8');
  if (type === '' || type === MEDIA_TYPES.json) return parseJson(text);
  if (type === MEDIA_TYPES.yaml || type === 'application/x-yaml' || type === 'text/yaml') return parseYaml(text);
  throw unsupportedMediaType([MEDIA_TYPES.json, MEDIA_TYPES.yaml, MEDIA_TYPES.protobuf]);
}
