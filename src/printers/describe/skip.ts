import { ANNOTATIONS } from '../../sdk/naming.js';

/** Annotations every describer leaves out: the client-side apply record. */
export const LAST_APPLIED: ReadonlySet<string> = new Set([ANNOTATIONS.lastApplied]);
