/**
 * An ordered set of resources with unique identities (kustomize's `resmap.ResMap`): appending,
 * absorbing generated resources by their behaviour (create, replace, merge), lookups by current
 * or any previous identity, and selection by a patch target.
 */
import { compileLabelSelector } from '../../apply/label-selector.js';
import { KustomizeError } from '../errors.js';
import { compileGoRegex } from './regex.js';
import type { Re2Regex } from '../../../machinery/regex/re2.js';
import { effectiveNamespace, idEquals, resIdGoString, resIdString, type ResId } from './resid.js';
import { ALL_BUILD_ANNOTATIONS, BUILD_ANNOTATIONS, type Resource } from './resource.js';

/** A patch target (`target:` of a patch, kustomize's `types.Selector`). */
export interface Selector {
  group?: string | undefined;
  version?: string | undefined;
  kind?: string | undefined;
  name?: string | undefined;
  namespace?: string | undefined;
  labelSelector?: string | undefined;
  annotationSelector?: string | undefined;
}

function anchored(pattern: string | undefined): Re2Regex | undefined {
  if (pattern === undefined || pattern === '') return undefined;
  return compileGoRegex(`^(?:${pattern})$`);
}

/** kustomize's `Selector.String()`. */
export function selectorString(s: Selector): string {
  const id: ResId = { gvk: { group: s.group ?? '', version: s.version ?? '', kind: s.kind ?? '', clusterScoped: false }, name: s.name ?? '', namespace: s.namespace ?? '' };
  return `${resIdString(id)}:a=${s.annotationSelector ?? ''}:l=${s.labelSelector ?? ''}`;
}

/** The resources of one build stage, in order. */
export class ResMap {
  private list: Resource[] = [];

  resources(): Resource[] {
    return [...this.list];
  }

  clear(): void {
    this.list = [];
  }

  /** Adds a resource; its current identity must be new. */
  append(res: Resource): void {
    const id = res.curId();
    if (this.list.some((r) => idEquals(r.curId(), id))) {
      throw new KustomizeError(`may not add resource with an already registered id: ${resIdString(id)}`);
    }
    this.list.push(res);
  }

  appendAll(resources: readonly Resource[]): void {
    for (const r of resources) this.append(r);
  }

  /** Drops resources whose object is gone (deleted by a `$patch: delete`). */
  dropEmpties(): void {
    this.list = this.list.filter((r) => !r.isDeleted());
  }

  byCurrentId(matches: (id: ResId) => boolean): Resource[] {
    return this.list.filter((r) => matches(r.curId()));
  }

  /** Resources any of whose identities (previous or current) match. */
  byAnyId(matches: (id: ResId) => boolean): Resource[] {
    return this.list.filter((r) => [...r.prevIds(), r.curId()].some((id) => matches(id)));
  }

  /** The one resource with this identity among current and previous ones (the target of an untargeted patch). */
  getById(id: ResId): Resource {
    const found = this.byAnyId((other) => idEquals(id, other));
    if (found.length === 1) return found[0] as Resource;
    const what = found.length > 1 ? 'multiple matches' : 'no matches';
    throw new KustomizeError(`${what} for Id ${resIdString(id)}; failed to find unique target for patch ${resIdString(id)}`);
  }

  /**
   * Adds a generated resource according to its behaviour: `create` needs a new identity;
   * `replace` and `merge` take the place of the existing resource (merge keeps its data).
   */
  absorb(res: Resource): void {
    const id = res.curId();
    const matches = this.byAnyId((other) => idEquals(id, other));
    if (matches.length === 0) {
      const behavior = res.behavior();
      if (behavior === 'merge' || behavior === 'replace') throw new KustomizeError(`id ${resIdGoString(id)} does not exist; cannot merge or replace`);
      this.append(res);
      return;
    }
    if (matches.length > 1) {
      throw new KustomizeError(`found multiple objects ${matches.map((m) => resIdString(m.curId())).join(' ')} that could accept merge of ${resIdString(id)}`);
    }
    const old = matches[0] as Resource;
    const index = this.list.indexOf(old);
    switch (res.behavior()) {
      case 'replace':
        copyMergeMetaDataFields(res, old);
        break;
      case 'merge':
        copyMergeMetaDataFields(res, old);
        res.setDataMap('data', { ...old.getDataMap('data'), ...res.getDataMap('data') });
        res.setDataMap('binaryData', { ...old.getDataMap('binaryData'), ...res.getDataMap('binaryData') });
        break;
      default:
        throw new KustomizeError(`id ${resIdGoString(id)} exists; behavior must be merge or replace`);
    }
    this.list[index] = res;
  }

  /** Resources matched by a patch target (regular expressions on names and kinds, label and annotation selectors). */
  select(s: Selector): Resource[] {
    const group = anchored(s.group);
    const version = anchored(s.version);
    const kind = anchored(s.kind);
    const name = anchored(s.name);
    const namespace = anchored(s.namespace);
    const labels = compileLabelSelector(s.labelSelector ?? '');
    const annotations = compileLabelSelector(s.annotationSelector ?? '');
    return this.list.filter((r) => {
      const cur = r.curId();
      const org = r.orgId();
      if (namespace !== undefined && !namespace.test(effectiveNamespace(org)) && !namespace.test(effectiveNamespace(cur))) return false;
      if (name !== undefined && !name.test(org.name) && !name.test(cur.name)) return false;
      const gvk = r.gvk();
      if (group !== undefined && !group.test(gvk.group)) return false;
      if (version !== undefined && !version.test(gvk.version)) return false;
      if (kind !== undefined && !kind.test(gvk.kind)) return false;
      return labels(r.getLabels()) && annotations(r.getAnnotations());
    });
  }
}

function mergeStringMaps(...maps: Array<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of maps) for (const [k, v] of Object.entries(m)) Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * kustomize's `CopyMergeMetaDataFieldsFrom`: labels and annotations of `from` merged under the
 * resource's own, build annotations taken from `from` only (the hash-suffix mark kept when the
 * resource had it), and the name and namespace of `from`.
 */
export function copyMergeMetaDataFields(res: Resource, from: Resource): void {
  res.setLabels(mergeStringMaps(from.getLabels(), res.getLabels()));
  const own = res.getAnnotations();
  const hadHashSuffix = Object.hasOwn(own, BUILD_ANNOTATIONS.needsHashSuffix);
  const fromAnnotations = from.getAnnotations();
  const merged = mergeStringMaps(fromAnnotations, own);
  for (const key of ALL_BUILD_ANNOTATIONS) {
    if (Object.hasOwn(fromAnnotations, key)) merged[key] = fromAnnotations[key] as string;
    else delete merged[key];
  }
  if (!hadHashSuffix) delete merged[BUILD_ANNOTATIONS.needsHashSuffix];
  res.setAnnotations(merged);
  res.setName(from.getName());
  res.setNamespace(from.getNamespace());
  res.refVarNames = [...from.refVarNames];
}
