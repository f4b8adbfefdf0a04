import type { KubeObject, ListMeta, TypeMeta } from './meta.js';

/** A list response (`<Kind>List`), or the client-side `kind: List`. */
export interface ObjectList<T extends KubeObject = KubeObject> extends TypeMeta {
  metadata?: ListMeta;
  items: T[];
}
