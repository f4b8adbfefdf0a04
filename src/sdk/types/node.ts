/**
 * Kinds of the `node.platform.io` group (`v1`): RuntimeClass.
 */
export type { RuntimeClass } from './generated/node-v1.js';
