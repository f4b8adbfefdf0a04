/**
 * Names for temporary and lock-owner files: unique across processes (pid) and within one (counter,
 * time, random). Not secret, so node:crypto (a few milliseconds to load) is not needed.
 */
let counter = 0;

/** A suffix no other writer uses at the same time. */
export function uniqueSuffix(): string {
  counter++;
  return `${process.pid}-${Date.now().toString(36)}-${counter.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
