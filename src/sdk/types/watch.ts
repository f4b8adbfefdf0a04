import type { KubeObject } from './meta.js';
import type { Status } from './status.js';

/** Types of watch events. */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

/** One event of a watch stream. ERROR events carry a Status as their object. */
export interface WatchEvent<T extends KubeObject = KubeObject> {
  type: WatchEventType;
  object: T | Status;
}
