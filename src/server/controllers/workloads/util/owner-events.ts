/**
 * Routing pod (or other dependent) changes to the owners that must look again, as the workload
 * controllers' `addPod`/`updatePod`/`deletePod` handlers do: the controller named by the
 * dependent's controller reference (old and new, when it changed), or for an orphan every owner
 * whose selector matches it (they may adopt it).
 */
import type { Informer, InformerEvent } from '../../../feed/informer.js';
import { fromObjectSelector, matchesLabels, type LabelSelector } from '../../../../machinery/labels/selector.js';
import { asObject, namespaceOf } from '../../../util/json.js';
import { jsonEqual } from '../../../../machinery/json/equal.js';
import { controllerRefOf, type KindObject } from './controller-ref.js';

/** How an owner kind is found. */
export interface OwnerLookup<O extends KindObject = KindObject> {
  /** The owner kind's informer. */
  owners: Informer<O>;
  kind: string;
  /**
   * The owner's selector of dependents: its `spec.selector` LabelSelector by default; undefined
   * when it adopts none.
   */
  selectorOf?(owner: O): LabelSelector | undefined;
}

/** The owner a controller reference names, if it is cached with that uid. */
export function resolveOwner<O extends KindObject>(lookup: OwnerLookup<O>, namespace: string, ref: { kind: string; name: string; uid: string } | undefined): O | undefined {
  if (ref === undefined || ref.kind !== lookup.kind) return undefined;
  const owner = lookup.owners.get(namespace, ref.name);
  return owner !== undefined && owner.metadata?.uid === ref.uid ? owner : undefined;
}

/** Owners of the namespace whose selector matches the object's labels. */
export function matchingOwners<O extends KindObject>(lookup: OwnerLookup<O>, obj: KindObject): O[] {
  const labels = obj.metadata?.labels;
  if (labels === undefined) return [];
  return lookup.owners.list(namespaceOf(obj)).filter((o) => {
    const s = lookup.selectorOf === undefined ? fromObjectSelector(asObject(o.spec)?.selector) : lookup.selectorOf(o);
    return s !== undefined && s.requirements.length > 0 && matchesLabels(s, labels);
  });
}

/** A handler that hands the affected owners of each dependent change to `enqueue`. */
export function dependentHandler<O extends KindObject, D extends KindObject>(lookup: OwnerLookup<O>, enqueue: (owner: O, event: InformerEvent<D>) => void): (event: InformerEvent<D>) => void {
  return (event) => {
    const obj = event.object;
    const ns = namespaceOf(obj);
    const ref = controllerRefOf(obj);
    const seen = new Set<O>();
    const push = (o: O | undefined): void => {
      if (o === undefined || seen.has(o)) return;
      seen.add(o);
      enqueue(o, event);
    };
    if (event.type === 'MODIFIED' && event.old !== undefined) {
      const oldRef = controllerRefOf(event.old);
      if (oldRef !== undefined && oldRef.uid !== ref?.uid) push(resolveOwner(lookup, ns, oldRef));
    }
    if (ref !== undefined) {
      push(resolveOwner(lookup, ns, ref));
      return;
    }
    if (event.type === 'DELETED') return;
    const labelsChanged = event.type === 'ADDED' || event.old === undefined
      || !jsonEqual(event.old.metadata?.labels, obj.metadata?.labels)
      || controllerRefOf(event.old) !== undefined;
    if (labelsChanged) for (const o of matchingOwners(lookup, obj)) push(o);
  };
}
