/**
 * An in-memory view of the RBAC objects (Role, ClusterRole, RoleBinding, ClusterRoleBinding),
 * loaded from the store once and kept current from the server's change feed, so that
 * authorizing a request never reads the store.
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import { GROUPS } from '../../../../sdk/naming.js';
import type { ServerCore, WriteEvent } from '../../../context.js';
import type { ResourceDef } from '../../../registry/types.js';
import { fromStorage } from '../../../rest/keys.js';
import { asObject, asString } from '../../../util/json.js';

/** The four RBAC kinds by plural. */
export type RbacPlural = 'roles' | 'clusterroles' | 'rolebindings' | 'clusterrolebindings';

const PLURALS: RbacPlural[] = ['roles', 'clusterroles', 'rolebindings', 'clusterrolebindings'];

function keyOf(obj: JsonObject): string {
  const meta = asObject(obj.metadata) ?? {};
  return `${asString(meta.namespace) ?? ''}/${asString(meta.name) ?? ''}`;
}

/** RBAC objects by kind, then by `namespace/name`. */
export class RbacPolicyStore {
  private readonly maps = new Map<RbacPlural, Map<string, JsonObject>>(PLURALS.map((p) => [p, new Map()]));
  private readonly byBucket = new Map<string, RbacPlural>();
  private readonly listeners = new Set<(plural: RbacPlural, event: WriteEvent) => void>();

  private constructor(private readonly defs: Map<RbacPlural, ResourceDef>) {
    for (const [p, d] of defs) this.byBucket.set(d.bucket, p);
  }

  /** Subscribes to changes, then loads what is stored. */
  static async open(ctx: ServerCore): Promise<RbacPolicyStore> {
    const defs = new Map<RbacPlural, ResourceDef>();
    for (const p of PLURALS) {
      const def = ctx.registry.served(GROUPS.rbac, 'v1', p);
      defs.set(p, def);
    }
    const s = new RbacPolicyStore(defs);
    ctx.onWrite((ev) => s.apply(ev));
    for (const [p, def] of defs) {
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
  def(p: RbacPlural): ResourceDef {
    const d = this.defs.get(p);
    if (d === undefined) throw new Error(`unknown RBAC kind ${p}`);
    return d;
  }

  /** One object, if it exists (`namespace` is '' for cluster-scoped kinds). */
  get(p: RbacPlural, namespace: string, name: string): JsonObject | undefined {
    return this.map(p).get(`${namespace}/${name}`);
  }

  /** Every object of a kind (in one namespace when given). */
  list(p: RbacPlural, namespace?: string): JsonObject[] {
    const all = [...this.map(p).values()];
    if (namespace === undefined) return all;
    return all.filter((o) => (asString(asObject(o.metadata)?.namespace) ?? '') === namespace);
  }

  /** Calls `listener` after each change of an RBAC object; returns an unsubscribe function. */
  onChange(listener: (plural: RbacPlural, event: WriteEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
