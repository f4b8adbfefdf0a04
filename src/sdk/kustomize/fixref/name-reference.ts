/**
 * The name-reference fix-up (kustomize's nameReferenceTransformer): after prefixes, suffixes,
 * namespaces and hash suffixes have renamed resources, every field the configuration lists as
 * referring to a kind by name (a pod's ConfigMap volume, a RoleBinding's roleRef, a subject...)
 * is pointed at the new name of the resource it meant, chosen among the resources that had that
 * name by kind, namespace and the prefixes and suffixes they share with the referrer.
 */
import { fsGvk, type FieldSpec } from '../config/fieldspec.js';
import type { NameBackReference } from '../config/transformer-config.js';
import { KustomizeError } from '../errors.js';
import { getKey, isMap, scalarText, setKey } from '../model/json.js';
import { NOT_A_NAMESPACE, effectiveNamespace, gvkSelected, nsEquals, resIdString, type GvkSelector } from '../model/resid.js';
import type { ResMap } from '../model/resmap.js';
import type { Resource } from '../model/resource.js';
import { applyFieldSpec, type NodeRef } from '../transform/fieldspec-filter.js';

interface Fix {
  spec: FieldSpec;
  target: GvkSelector;
}

function sameEndingSubSlice(a: readonly string[], b: readonly string[]): boolean {
  let shortest = a;
  let longest = b;
  if (shortest.length > longest.length) [shortest, longest] = [longest, shortest];
  const diff = longest.length - shortest.length;
  if (shortest.length === 0) return diff === 0;
  for (let i = shortest.length - 1; i >= 0; i--) if (longest[i + diff] !== shortest[i]) return false;
  return true;
}

function affixesMatch(r: Resource, o: Resource, allowEmpty: boolean): boolean {
  const rp = r.getNamePrefixes();
  const op = o.getNamePrefixes();
  const rs = r.getNameSuffixes();
  const os = o.getNameSuffixes();
  if (allowEmpty) {
    return (rp.length === 0 || op.length === 0 || sameEndingSubSlice(rp, op)) && (rs.length === 0 || os.length === 0 || sameEndingSubSlice(rs, os));
  }
  return sameEndingSubSlice(rp, op) && sameEndingSubSlice(rs, os);
}

/** The resources a referrer may refer to: cluster-scoped ones, those in its namespace, and for a RoleBinding those in its ServiceAccount subjects' namespaces. */
function couldBeReferenced(resources: ResMap, referrer: Resource): Resource[] {
  const referrerId = referrer.curId();
  if (referrerId.gvk.clusterScoped) return resources.resources();
  const subjectNamespaces = new Set<string>();
  if (referrer.getKind() === 'RoleBinding') {
    const subjects = getKey(referrer.obj, 'subjects');
    if (Array.isArray(subjects)) {
      for (const subject of subjects) {
        if (!isMap(subject) || !Object.hasOwn(subject, 'namespace') || !Object.hasOwn(subject, 'kind')) continue;
        if (getKey(subject, 'kind') !== 'ServiceAccount') continue;
        const ns = getKey(subject, 'namespace');
        if (typeof ns !== 'string') throw new KustomizeError(`Invalid Input: namespace is blank for resource ${JSON.stringify(resIdString(referrerId))}`);
        subjectNamespaces.add(ns);
      }
    }
  }
  return resources.resources().filter((target) => {
    const id = target.curId();
    return id.gvk.clusterScoped || nsEquals(id, referrerId) || subjectNamespaces.has(target.getNamespace());
  });
}

class Fixer {
  constructor(
    private readonly referrer: Resource,
    private readonly fix: Fix,
    private readonly candidates: Resource[],
  ) {}

  private roleRefGvk(): GvkSelector | undefined {
    if (!this.fix.spec.path.endsWith('roleRef/name')) return undefined;
    const roleRef = getKey(this.referrer.obj, 'roleRef');
    if (!isMap(roleRef) || !Object.hasOwn(roleRef, 'apiGroup') || !Object.hasOwn(roleRef, 'kind')) return undefined;
    return { group: scalarText(getKey(roleRef, 'apiGroup')), kind: scalarText(getKey(roleRef, 'kind')) };
  }

  private select(oldName: string, candidatesIn: Resource[], identical: (rs: Resource[]) => boolean): Resource | undefined {
    let candidates = candidatesIn.filter((r) => r.prevIds().some((id) => id.name === oldName));
    candidates = candidates.filter((r) => r.prevIds().some((id) => gvkSelected(id.gvk, this.fix.target)));
    const roleRef = this.roleRefGvk();
    if (roleRef !== undefined) candidates = candidates.filter((r) => r.prevIds().some((id) => gvkSelected(id.gvk, roleRef)));
    const referrerId = this.referrer.curId();
    if (!referrerId.gvk.clusterScoped) {
      candidates = candidates.filter((r) => {
        const id = r.curId();
        return id.gvk.clusterScoped || r.getKind() === 'ServiceAccount' || nsEquals(referrerId, id);
      });
    }
    if (candidates.length === 1) return candidates[0];
    candidates = candidates.filter((r) => affixesMatch(r, this.referrer, true));
    if (candidates.length > 1) candidates = candidates.filter((r) => affixesMatch(r, this.referrer, false));
    if (candidates.length === 1) return candidates[0];
    if (candidates.length === 0) return undefined;
    if (identical(candidates)) return candidates[0];
    throw new KustomizeError(`found multiple possible referrals: ${candidates.map((c) => resIdString(c.curId())).join(', ')}`);
  }

  private record(referral: Resource): void {
    referral.appendRefBy(resIdString(this.referrer.curId()));
  }

  setScalar(ref: NodeRef): void {
    const oldName = scalarText(ref.get());
    const referral = this.select(oldName, this.candidates, (rs) => rs.every((r) => r.getName() === rs[0]?.getName()));
    if (referral === undefined) return;
    this.record(referral);
    if (referral.getName() !== oldName) ref.set(referral.getName());
  }

  setMapping(node: Record<string, unknown>): void {
    if (!Object.hasOwn(node, 'name')) throw new KustomizeError("path config error; no 'name' field in node");
    let candidates = this.candidates;
    if (Object.hasOwn(node, 'namespace')) {
      const ns = scalarText(getKey(node, 'namespace'));
      const inNamespace = (namespace: string): boolean => namespace === ns && namespace !== NOT_A_NAMESPACE;
      const byOriginal = candidates.filter((r) => inNamespace(effectiveNamespace(r.orgId())));
      candidates = byOriginal.length > 0 ? byOriginal : candidates.filter((r) => inNamespace(effectiveNamespace(r.curId())));
    }
    const oldName = scalarText(getKey(node, 'name'));
    const referral = this.select(oldName, candidates, (rs) => rs.every((r) => r.getName() === rs[0]?.getName() && r.getNamespace() === rs[0]?.getNamespace()));
    if (referral === undefined) return;
    this.record(referral);
    if (referral.getName() === oldName && referral.getNamespace() === '') return;
    setKey(node, 'name', referral.getName());
    if (referral.getNamespace() === '') return;
    setKey(node, 'namespace', referral.getNamespace());
  }

  set(ref: NodeRef): void {
    const value = ref.get();
    if (value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => {
        if (item === null || item === undefined) return;
        if (isMap(item)) this.setMapping(item);
        else if (Array.isArray(item)) throw new KustomizeError('element is expected to be either a string or a map of string');
        else this.setScalar({ get: () => value[i], set: (v) => { value[i] = v; } });
      });
      return;
    }
    if (isMap(value)) this.setMapping(value);
    else this.setScalar(ref);
  }
}

/** Points every configured name reference at the renamed resource it meant. */
export function fixNameReferences(resources: ResMap, backReferences: readonly NameBackReference[]): void {
  const list = resources.resources();
  const orgIds = list.map((r) => r.orgId());
  const fixes = new Map<Resource, Fix[]>();
  for (const backReference of backReferences) {
    for (const spec of backReference.referrers) {
      list.forEach((res, i) => {
        if (!gvkSelected((orgIds[i] as { gvk: GvkSelector }).gvk, fsGvk(spec))) return;
        const entry = fixes.get(res) ?? [];
        entry.push({ spec, target: { group: backReference.group ?? '', version: backReference.version ?? '', kind: backReference.kind ?? '' } });
        fixes.set(res, entry);
      });
    }
  }
  for (const [referrer, list2] of fixes) {
    const candidates = couldBeReferenced(resources, referrer);
    for (const fix of list2) {
      const gvk = referrer.gvk();
      const spec: FieldSpec = { ...fix.spec, group: gvk.group, version: gvk.version, kind: gvk.kind };
      const fixer = new Fixer(referrer, fix, candidates);
      try {
        applyFieldSpec(referrer.obj, () => referrer.curId(), spec, (ref) => fixer.set(ref), undefined);
      } catch (err) {
        throw new KustomizeError(`updating name reference in '${fix.spec.path}' field of '${resIdString(referrer.curId())}': ${(err as Error).message}`);
      }
    }
  }
}
