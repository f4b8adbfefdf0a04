/**
 * An in-memory view of the RBAC objects (Role, ClusterRole, RoleBinding, ClusterRoleBinding),
 * loaded from the store once and kept current from the server's change feed, so that
 * authorizing a request never reads the store.
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import type { ClusterRole, ClusterRoleBinding, Role, RoleBinding } from '../../../../sdk/types/generated/rbac-v1.js';
import { GROUPS } from '../../../../sdk/naming.js';
import type { ServerCore, WriteEvent } from '../../../context.js';
import { storedAs, type KindDef } from '../../../registry/kind-def.js';
import { fromStorage } from '../../../rest/keys.js';
import { nameOf, namespaceOf } from '../../../util/json.js';

/** The objects of the four RBAC kinds by plural. */
export interface RbacObjects { roles: Role; clusterroles: ClusterRole; rolebindings: RoleBinding; clusterrolebindings: ClusterRoleBinding }

/** The four RBAC kinds by plural. */
export type RbacPlural = keyof RbacObjects;

type RbacDefs = { readonly [P in RbacPlural]: KindDef<RbacObjects[P]> };

const PLURALS: RbacPlural[] = ['roles', 'clusterroles', 'rolebindings', 'clusterrolebindings'];

// Write events carry objects of every kind: keyed untyped before the bucket says which.
function keyOf(obj: JsonObject): string {
  return `${namespaceOf(obj)}/${nameOf(obj)}`;
}

/** RBAC objects by kind, then by `namespace/name`. */
export class RbacPolicyStore {
  private readonly maps = new Map<RbacPlural, Map<string, JsonObject>>(PLURALS.map((p) => [p, new Map()]));
  private readonly byBucket = new Map<string, RbacPlural>();
  private readonly listeners = new Set<(plural: RbacPlural, event: WriteEvent) => void>();

  private constructor(private readonly defs: RbacDefs) {
    for (const p of PLURALS) this.byBucket.set(defs[p].bucket, p);
  }

  /** Subscribes to changes, then loads what is stored. */
  static async open(ctx: ServerCore): Promise<RbacPolicyStore> {
    const v1 = `${GROUPS.rbac}/v1` as const;
    const defs: RbacDefs = {
      roles: ctx.registry.kind(v1, 'Role'), clusterroles: ctx.registry.kind(v1, 'ClusterRole'),
      rolebindings: ctx.registry.kind(v1, 'RoleBinding'), clusterrolebindings: ctx.registry.kind(v1, 'ClusterRoleBinding'),
    };
    const s = new RbacPolicyStore(defs);
    ctx.onWrite((ev) => s.apply(ev));
    for (const p of PLURALS) {
      const def = defs[p];
      const m = s.map(p);
      for (const e of (await ctx.store.list(def.bucket)).items) {
        const obj = fromStorage(def, e.value);
        const key = keyOf(obj);
        if (!m.has(key)) m.set(key, obj);
      }
    }
    return s;
  }

  private map(p: RbacPlural): Map<string, JsonObject> {
    const m = this.maps.get(p);
    if (m === undefined) throw new Error(`unknown RBAC kind ${p}`);
    return m;
  }

  private apply(ev: WriteEvent): void {
    const p = this.byBucket.get(ev.def.bucket);
    if (p === undefined) return;
    const m = this.map(p);
    if (ev.type === 'DELETED') m.delete(keyOf(ev.object));
    else m.set(keyOf(ev.object), ev.object);
    for (const l of this.listeners) l(p, ev);
  }

  /** The resource def of one RBAC kind. */
  def<P extends RbacPlural>(p: P): KindDef<RbacObjects[P]> {
    return this.defs[p];
  }

  /** One object, if it exists (`namespace` is '' for cluster-scoped kinds). */
  get<P extends RbacPlural>(p: P, namespace: string, name: string): RbacObjects[P] | undefined {
    const obj = this.map(p).get(`${namespace}/${name}`);
    return obj === undefined ? undefined : storedAs(this.def(p), obj);
  }

  /** Every object of a kind (in one namespace when given). */
  list<P extends RbacPlural>(p: P, namespace?: string): RbacObjects[P][] {
    const all = [...this.map(p).values()].map((o) => storedAs(this.def(p), o));
    if (namespace === undefined) return all;
    return all.filter((o) => (o.metadata?.namespace ?? '') === namespace);
  }

  /** Calls `listener` after each change of an RBAC object; returns an unsubscribe function. */
  onChange(listener: (plural: RbacPlural, event: WriteEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
