/**
 * `--chunk-size` of the commands that list objects (`get`, `describe`, `events`, `drain`): the
 * `limit` of each list request, whose `continue` token fetches the next chunk.
 */
import type { FlagSpec } from '../framework/spec.js';

/** `--chunk-size`. */
export const CHUNK_SIZE_FLAG = { name: 'chunk-size', type: 'int', default: 500, description: 'Return large lists in chunks rather than all at once. Pass 0 to disable. This flag is beta and may change in the future.' } as const satisfies FlagSpec;
