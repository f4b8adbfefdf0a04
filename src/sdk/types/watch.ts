import type { KubeObject, ObjectBase } from './meta.js';
import type { Status } from './status.js';

/** Types of watch events. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** An event that carries an object of the watched kind (for BOOKMARK only its resourceVersion is set). */
export interface ObjectWatchEvent<T extends ObjectBase = KubeObject> {
  type: Exclude<WatchEventType, 'ERROR'>;
  object: T;
}

/** An ERROR event: the server ends the watch with a Status (410 Gone when the resource version expired). */
export interface ErrorWatchEvent {
  type: 'ERROR';
  object: Status;
}

/**
 * One event of a watch stream, discriminated by `type`: an ERROR event carries a Status, the others
 * an object of the watched kind, so that `if (ev.type === 'ERROR') continue;` narrows `ev.object`.
 */
export type WatchEvent<T extends ObjectBase = KubeObject> = ObjectWatchEvent<T> | ErrorWatchEvent;
