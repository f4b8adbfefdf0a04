/**
 * `explain` output from the server's OpenAPI documents: kubectl's `plaintext` format (OpenAPI v3)
 * and its older `plaintext-openapiv2` format. Pure functions of the documents.
 *
 * @packageDocumentation
 */
export { explainV3, gvrString, type ExplainTarget } from './v3.js';
export { explainV2 } from './v2.js';
export { ExplainError } from './errors.js';
