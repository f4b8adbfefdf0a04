/**
 * ControllerRevisions of StatefulSets and DaemonSets (`controller/history`): the revision of the
 * current template is the patch `{"spec":{"template":{..., "$patch":"replace"}}}`, named
 * `<owner>-<hash>` (FNV-32a of that data plus the collision count, safe-encoded), labelled with
 * the owner's selector labels, annotated with the owner's annotations (where `rollout history`
 * reads a change cause), numbered one above the highest existing revision.
 */
import type { JsonObject } from '../../../../sdk/types/meta.js';
import type { ControllerRevision, DaemonSet, StatefulSet } from '../../../../sdk/types/generated/apps-v1.js';
import { ApiError } from '../../../errors.js';
import type { KindDef } from '../../../registry/kind-def.js';
import { asNumber, nameOf, uidOf } from '../../../util/json.js';
import { jsonEqual } from '../../../../machinery/json/equal.js';
import type { ControllerKit } from '../../../control/kit.js';
import { controllerRefOf, newControllerRef } from './controller-ref.js';
import { computeHash } from './hash.js';

/** An object whose template's history is kept in ControllerRevisions. */
type RevisionOwner = DaemonSet | StatefulSet;

/** The revision data of an owner's current template. */
export function revisionData(owner: RevisionOwner): JsonObject {
  const template: JsonObject = structuredClone(owner.spec?.template ?? {});
  template.$patch = 'replace';
  return { spec: { template } };
}

/** `revision` of a ControllerRevision (an int64, read as a number for the arithmetic on it). */
export function revisionNumber(rev: ControllerRevision): number {
  return asNumber(rev.revision) ?? 0;
}

/** The owner's revisions, oldest first. */
export function ownedRevisions(kit: ControllerKit, revDef: KindDef<ControllerRevision>, owner: RevisionOwner): ControllerRevision[] {
  const ns = owner.metadata?.namespace ?? '';
  return kit.informerOf(revDef).ownedBy(uidOf(owner))
    .filter((r) => controllerRefOf(r)?.uid === uidOf(owner) && r.metadata?.namespace === ns)
    .sort((a, b) => revisionNumber(a) - revisionNumber(b));
}

/** Finds or creates the revision of the owner's template; returns it and the collision count to keep. */
export async function updateRevision(kit: ControllerKit, revDef: KindDef<ControllerRevision>, owner: RevisionOwner, kind: string, revisions: ControllerRevision[]): Promise<{ revision: ControllerRevision; collisionCount: number }> {
  const data = revisionData(owner);
  const existing = revisions.filter((r) => jsonEqual(r.data, data));
  const max = revisions.reduce((m, r) => Math.max(m, revisionNumber(r)), 0);
  const newest = existing[existing.length - 1];
  let collisionCount = owner.status?.collisionCount ?? 0;
  if (newest !== undefined) {
    // A template that comes back (a rollback) becomes the newest revision again.
    if (revisionNumber(newest) !== max) {
      const updated = await kit.client.update(revDef, newest.metadata?.namespace ?? '', nameOf(newest), (o) => {
        o.revision = max + 1;
        return true;
      });
      return { revision: updated ?? newest, collisionCount };
    }
    return { revision: newest, collisionCount };
  }
  const ns = owner.metadata?.namespace ?? '';
  const labels = owner.spec?.template?.metadata?.labels ?? {};
  // Both controllers copy the owner's annotations into a new revision (kubernetes.io/change-cause
  // among them); an existing revision keeps those it was created with.
  const annotations = owner.metadata?.annotations;
  for (let attempt = 0; attempt < 10; attempt++) {
    const hash = computeHash(data, collisionCount);
    const body: ControllerRevision = {
      apiVersion: 'apps/v1', kind: 'ControllerRevision',
      metadata: {
        name: `${nameOf(owner)}-${hash}`, namespace: ns, labels: { ...labels, 'controller-revision-hash': hash },
        ...(annotations !== undefined && Object.keys(annotations).length > 0 ? { annotations: structuredClone(annotations) } : {}),
        ownerReferences: [newControllerRef(owner, 'apps/v1', kind)],
      },
      data, revision: max + 1,
    };
    try {
      return { revision: await kit.client.create(revDef, ns, body), collisionCount };
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 409)) throw e;
      const found = await kit.client.get(revDef, ns, `${nameOf(owner)}-${hash}`);
      if (found !== undefined && jsonEqual(found.data, data) && controllerRefOf(found)?.uid === uidOf(owner)) return { revision: found, collisionCount };
      collisionCount++;
    }
  }
  throw new Error(`could not create a ControllerRevision for ${kind} ${nameOf(owner)}`);
}

/** Deletes the oldest revisions no pod uses beyond revisionHistoryLimit. */
export async function truncateHistory(kit: ControllerKit, revDef: KindDef<ControllerRevision>, owner: RevisionOwner, revisions: ControllerRevision[], live: ReadonlySet<string>): Promise<void> {
  const limit = owner.spec?.revisionHistoryLimit ?? 10;
  const idle = revisions.filter((r) => !live.has(nameOf(r)));
  for (const r of idle.slice(0, Math.max(0, idle.length - limit))) {
    await kit.client.delete(revDef, r.metadata?.namespace ?? '', nameOf(r));
  }
}
