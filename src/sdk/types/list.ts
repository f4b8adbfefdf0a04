import type { ObjectBase, KubeObject, ListMeta, TypeMeta } from './meta.js';

/** A list response (`<Kind>List`), or the client-side `kind: List`. */
export interface ObjectList<T extends ObjectBase = KubeObject> extends TypeMeta {
  metadata?: ListMeta;
  items: T[];
}
