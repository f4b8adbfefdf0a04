/**
 * The revisions of a workload, as kubectl's history viewers find them: a Deployment's
 * ReplicaSets (by its selector, controlled by it, numbered by their revision annotation), a
 * StatefulSet's or DaemonSet's ControllerRevisions (their `revision`, the template inside `data`).
 */
import type { PlatformClient } from '../../../../sdk/client.js';
import { ANNOTATIONS } from '../../../../sdk/naming.js';
import type { KubeObject } from '../../../../sdk/types/meta.js';
import { asJsonObject as obj } from '../../../../machinery/json/values.js';
import { fromObjectSelector, selectorString } from '../../../../machinery/labels/selector.js';

type Json = Record<string, unknown>;

/** One revision and the object that records it. */
export interface Revision {
  revision: number;
  changeCause: string | undefined;
  template: Json | undefined;
  /** The ReplicaSet or ControllerRevision. */
  source: KubeObject;
}

function controlledBy(o: KubeObject, owner: KubeObject): boolean {
  return (o.metadata?.ownerReferences ?? []).some((r) => r.controller === true && r.uid === owner.metadata?.uid);
}

/** The revisions of a Deployment, DaemonSet or StatefulSet. */
export async function revisionsOf(client: PlatformClient, kind: 'Deployment' | 'DaemonSet' | 'StatefulSet', owner: KubeObject, signal: AbortSignal): Promise<Revision[]> {
  const namespace = owner.metadata?.namespace ?? client.namespace;
  const spec = obj((owner as Json).spec) ?? {};
  const labelSelector = selectorString(fromObjectSelector(spec.selector));
  if (kind === 'Deployment') {
    const list = await client.resource({ group: 'apps', version: 'v1', resource: 'replicasets', namespaced: true, kind: 'ReplicaSet' }, namespace).list({ labelSelector, signal });
    const out: Revision[] = [];
    for (const rs of list.items) {
      if (!controlledBy(rs, owner)) continue;
      const text = rs.metadata?.annotations?.[ANNOTATIONS.deploymentRevision];
      if (text !== undefined && !/^\d+$/.test(text)) continue;
      out.push({ revision: text === undefined ? 0 : Number(text), changeCause: rs.metadata?.annotations?.[ANNOTATIONS.changeCause], template: obj(obj((rs as Json).spec)?.template), source: rs });
    }
    return out;
  }
  const list = await client.resource({ group: 'apps', version: 'v1', resource: 'controllerrevisions', namespaced: true, kind: 'ControllerRevision' }, namespace).list({ labelSelector, signal });
  return list.items.filter((cr) => controlledBy(cr, owner)).map((cr) => {
    const data = obj((cr as Json).data);
    const template = obj(obj(data?.spec)?.template);
    let t: Json | undefined;
    if (template !== undefined) {
      t = { ...template };
      delete t.$patch;
    }
    return { revision: typeof (cr as Json).revision === 'number' ? Number((cr as Json).revision) : 0, changeCause: cr.metadata?.annotations?.[ANNOTATIONS.changeCause], template: t, source: cr };
  });
}
