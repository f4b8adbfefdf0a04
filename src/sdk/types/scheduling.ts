/**
 * Kinds of the `scheduling.platform.io` group (`v1`): PriorityClass.
 */
export type { PriorityClass } from './generated/scheduling-v1.js';
