/**
 * Controller references and the ControllerRefManager's claim: an owner adopts the orphans its
 * selector matches and releases what it owns but no longer matches, writing ownerReferences
 * through the API (so the garbage collector sees the same references).
 */
import type { JsonObject, ObjectBase } from '../../../../sdk/types/meta.js';
import type { OwnerReference } from '../../../../sdk/types/generated/meta-v1.js';
import { matchesLabels, type LabelSelector } from '../../../../machinery/labels/selector.js';
import { asArray, asObject, asString, nameOf, namespaceOf, uidOf } from '../../../util/json.js';
import type { AnyDef } from '../../../registry/kind-def.js';
import type { InternalClient } from '../../../control/client.js';
import { isTerminating } from './pods.js';

/** An object of a built-in kind as the typed informers and defs hand it out (owners and dependents alike). */
export type KindObject = JsonObject & ObjectBase;

/** An owner reference. */
export interface OwnerRef {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** The reference with `controller: true`, or undefined. */
export function controllerRefOf(obj: KindObject): OwnerRef | undefined {
  const r = obj.metadata?.ownerReferences?.find((o) => o.controller === true);
  return r === undefined ? undefined : { apiVersion: r.apiVersion, kind: r.kind, name: r.name, uid: r.uid, controller: true };
}

/** `metav1.NewControllerRef`: a controlling, deletion-blocking reference to `owner`. */
export function newControllerRef(owner: KindObject, apiVersion: string, kind: string): OwnerRef {
  return { apiVersion, kind, name: owner.metadata?.name ?? '', uid: owner.metadata?.uid ?? '', controller: true, blockOwnerDeletion: true };
}

/** The reference as an object's `ownerReferences` item. */
export function refJson(ref: OwnerRef): OwnerReference {
  const out: OwnerReference = { apiVersion: ref.apiVersion, kind: ref.kind, name: ref.name, uid: ref.uid };
  if (ref.controller !== undefined) out.controller = ref.controller;
  if (ref.blockOwnerDeletion !== undefined) out.blockOwnerDeletion = ref.blockOwnerDeletion;
  return out;
}

/** What a claim needs. */
export interface ClaimSpec<T extends KindObject = KindObject> {
  client: InternalClient;
  /** The kind of the claimed objects. */
  def: AnyDef<T>;
  owner: KindObject;
  ownerApiVersion: string;
  ownerKind: string;
  selector: LabelSelector;
  /** Objects of the owner's namespace that may be claimed (owned by it, or orphans). */
  candidates: readonly T[];
  /** A fresh read of the owner, to check before adopting that it is still the same and not deleting. */
  recheckOwner(): Promise<KindObject | undefined>;
}

/**
 * `ClaimObjects`: the candidates the owner controls afterwards. Orphans matching the selector are
 * adopted (unless the owner or the object is being deleted), owned objects that no longer match
 * are released (unless the owner is being deleted).
 */
export async function claim<T extends KindObject>(spec: ClaimSpec<T>): Promise<T[]> {
  const ownerUid = uidOf(spec.owner);
  const ownerDeleting = isTerminating(spec.owner);
  const claimed: T[] = [];
  let adoptable: boolean | undefined;
  for (const obj of spec.candidates) {
    const ref = controllerRefOf(obj);
    const matches = matchesLabels(spec.selector, obj.metadata?.labels);
    if (ref !== undefined) {
      if (ref.uid !== ownerUid) continue;
      if (matches) {
        claimed.push(obj);
        continue;
      }
      if (ownerDeleting) continue;
      await release(spec, obj, ownerUid);
      continue;
    }
    if (!matches || ownerDeleting || isTerminating(obj)) continue;
    if (adoptable === undefined) {
      const fresh = await spec.recheckOwner();
      adoptable = fresh !== undefined && uidOf(fresh) === ownerUid && !isTerminating(fresh);
    }
    if (!adoptable) continue;
    const adopted = await adopt(spec, obj);
    if (adopted !== undefined) claimed.push(adopted);
  }
  return claimed;
}

async function adopt<T extends KindObject>(spec: ClaimSpec<T>, obj: T): Promise<T | undefined> {
  const ref = refJson(newControllerRef(spec.owner, spec.ownerApiVersion, spec.ownerKind));
  return spec.client.update(spec.def, namespaceOf(obj), nameOf(obj), (o) => {
    const meta = o.metadata;
    if (meta === undefined || uidOf(o) !== uidOf(obj) || controllerRefOf(o) !== undefined || isTerminating(o)) return false;
    meta.ownerReferences = [...(meta.ownerReferences ?? []).filter((r) => r.uid !== ref.uid), ref];
    return true;
  }).then((o) => (o !== undefined && controllerRefOf(o)?.uid === ref.uid ? o : undefined));
}

async function release<T extends KindObject>(spec: ClaimSpec<T>, obj: T, ownerUid: string): Promise<void> {
  await spec.client.update(spec.def, namespaceOf(obj), nameOf(obj), (o) => {
    if (uidOf(o) !== uidOf(obj)) return false;
    return dropOwnerReferences(o, ownerUid);
  });
}

/** Drops `o`'s references to the owner `ownerUid` (the key too when none is left); false when it had none. */
export function dropOwnerReferences(o: JsonObject, ownerUid: string): boolean {
  const meta = asObject(o.metadata) ?? {};
  const refs = asArray(meta.ownerReferences) ?? [];
  const kept = refs.filter((r) => asString(asObject(r)?.uid) !== ownerUid);
  if (kept.length === refs.length) return false;
  if (kept.length === 0) delete meta.ownerReferences;
  else meta.ownerReferences = kept;
  return true;
}
