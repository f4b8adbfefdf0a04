/**
 * One resource being built, as kustomize's `resource.Resource`: the object plus the bookkeeping
 * kustomize keeps in build annotations inside the object (`internal.config.<domain>/...`):
 * previous names, namespaces and kinds, the name prefixes and suffixes applied, who refers to it,
 * and the generator behaviour. Keeping them in the object, as kustomize does, keeps the
 * interactions kustomize has with them (patches merging annotations, selectors) the same.
 */
import { KUSTOMIZE } from '../../naming.js';
import { deepCopy, getKey, isMap, lookup, lookupCreateMap, newMap, scalarText, setKey, type JsonMap } from './json.js';
import { parseGroupVersion, type Gvk, type ResId } from './resid.js';

const D = KUSTOMIZE.buildAnnotationDomain;

/** The build annotations (removed before output). */
export const BUILD_ANNOTATIONS = {
  previousKinds: `${D}/previousKinds`,
  previousNames: `${D}/previousNames`,
  prefixes: `${D}/prefixes`,
  suffixes: `${D}/suffixes`,
  previousNamespaces: `${D}/previousNamespaces`,
  refBy: `${D}/refBy`,
  behavior: `${D}/generatorBehavior`,
  needsHashSuffix: `${D}/needsHashSuffix`,
  allowNameChange: `${D}/allowNameChange`,
  allowKindChange: `${D}/allowKindChange`,
} as const;

/** Every annotation {@link Resource.removeBuildAnnotations} drops (kustomize's list, kio's included). */
export const ALL_BUILD_ANNOTATIONS: readonly string[] = [
  ...Object.values(BUILD_ANNOTATIONS),
  `${D}/path`,
  `${D}/index`,
  `${D}/seqindent`,
  `${D}/id`,
  `${D}/annotations-migration-resource-id`,
  `config.${D.slice('internal.config.'.length)}/path`,
  `config.${D.slice('internal.config.'.length)}/index`,
  `config.${D.slice('internal.config.'.length)}/id`,
];

const ENABLED = 'enabled';

/** Tells whether a kind is certainly cluster-scoped (the embedded list, plus a kustomization's `openapi`). */
export type ScopeOracle = (apiVersion: string, kind: string) => boolean;

/** Generation behaviour of a generated resource. */
export type GenerationBehavior = 'create' | 'replace' | 'merge' | 'unspecified';

export function parseBehavior(value: string): GenerationBehavior {
  return value === 'create' || value === 'replace' || value === 'merge' ? value : 'unspecified';
}

/** A resource and its kustomize bookkeeping. */
export class Resource {
  /** The object; empty once a patch deleted it. */
  object: JsonMap;
  /** Names of the vars that point at this resource. */
  refVarNames: string[] = [];

  constructor(
    object: JsonMap,
    readonly scope: ScopeOracle,
  ) {
    this.object = object;
  }

  /** The object. */
  get obj(): JsonMap {
    return this.object;
  }

  /** A patch deleted it (`$patch: delete`). */
  isDeleted(): boolean {
    return Object.keys(this.object).length === 0;
  }

  copy(): Resource {
    const out = new Resource(deepCopy(this.obj), this.scope);
    out.refVarNames = [...this.refVarNames];
    return out;
  }

  getApiVersion(): string {
    return scalarText(getKey(this.obj, 'apiVersion'));
  }

  getKind(): string {
    return scalarText(getKey(this.obj, 'kind'));
  }

  getName(): string {
    return scalarText(lookup(this.obj, ['metadata', 'name']));
  }

  getNamespace(): string {
    return scalarText(lookup(this.obj, ['metadata', 'namespace']));
  }

  setKind(kind: string): void {
    setKey(this.obj, 'kind', kind);
  }

  setApiVersion(apiVersion: string): void {
    setKey(this.obj, 'apiVersion', apiVersion);
  }

  setGvk(gvk: Gvk): void {
    this.setKind(gvk.kind);
    this.setApiVersion(gvk.group ? `${gvk.group}/${gvk.version}` : gvk.version);
  }

  setName(name: string): void {
    setKey(lookupCreateMap(this.obj, ['metadata']), 'name', name);
  }

  /** Sets the namespace; the empty string removes it. */
  setNamespace(namespace: string): void {
    if (namespace === '') {
      const metadata = getKey(this.obj, 'metadata');
      if (isMap(metadata)) delete metadata.namespace;
      return;
    }
    setKey(lookupCreateMap(this.obj, ['metadata']), 'namespace', namespace);
  }

  gvk(): Gvk {
    const apiVersion = this.getApiVersion();
    const kind = this.getKind();
    const { group, version } = parseGroupVersion(apiVersion);
    return { group, version, kind, clusterScoped: this.scope(apiVersion, kind) };
  }

  /** The current identity. */
  curId(): ResId {
    return { gvk: this.gvk(), name: this.getName(), namespace: this.getNamespace() };
  }

  /** Every identity the resource had before the current one, oldest first. */
  prevIds(): ResId[] {
    const annotations = this.getAnnotations();
    const names = annotations[BUILD_ANNOTATIONS.previousNames];
    if (names === undefined) return [];
    const nameList = names.split(',');
    const namespaces = (annotations[BUILD_ANNOTATIONS.previousNamespaces] ?? '').split(',');
    const kinds = (annotations[BUILD_ANNOTATIONS.previousKinds] ?? '').split(',');
    const apiVersion = this.getApiVersion();
    const { group, version } = parseGroupVersion(apiVersion);
    return nameList.map((name, i) => {
      const kind = kinds[i] ?? '';
      return { gvk: { group, version, kind, clusterScoped: this.scope(apiVersion, kind) }, name, namespace: namespaces[i] ?? '' };
    });
  }

  /** The first identity (the original one). */
  orgId(): ResId {
    return this.prevIds()[0] ?? this.curId();
  }

  /** Records the current identity as a previous one (before a rename). */
  storePreviousId(): void {
    const id = this.curId();
    const ns = id.gvk.clusterScoped ? '_non_namespaceable_' : id.namespace === '' ? 'default' : id.namespace;
    this.setPreviousId(ns, id.name, id.gvk.kind);
  }

  setPreviousId(namespace: string, name: string, kind: string): void {
    this.appendCsvAnnotation(BUILD_ANNOTATIONS.previousNames, name);
    this.appendCsvAnnotation(BUILD_ANNOTATIONS.previousNamespaces, namespace);
    this.appendCsvAnnotation(BUILD_ANNOTATIONS.previousKinds, kind);
  }

  getNamePrefixes(): string[] {
    return this.getCsvAnnotation(BUILD_ANNOTATIONS.prefixes);
  }

  getNameSuffixes(): string[] {
    return this.getCsvAnnotation(BUILD_ANNOTATIONS.suffixes);
  }

  addNamePrefix(prefix: string): void {
    this.appendCsvAnnotation(BUILD_ANNOTATIONS.prefixes, prefix);
  }

  addNameSuffix(suffix: string): void {
    this.appendCsvAnnotation(BUILD_ANNOTATIONS.suffixes, suffix);
  }

  appendRefBy(idString: string): void {
    this.appendCsvAnnotation(BUILD_ANNOTATIONS.refBy, idString);
  }

  behavior(): GenerationBehavior {
    return parseBehavior(this.getAnnotations()[BUILD_ANNOTATIONS.behavior] ?? '');
  }

  setBehavior(behavior: GenerationBehavior): void {
    const annotations = this.getAnnotations();
    setKey(annotations, BUILD_ANNOTATIONS.behavior, behavior);
    this.setAnnotations(annotations);
  }

  needsHashSuffix(): boolean {
    return this.isEnabled(BUILD_ANNOTATIONS.needsHashSuffix);
  }

  enableHashSuffix(): void {
    this.enable(BUILD_ANNOTATIONS.needsHashSuffix);
  }

  nameChangeAllowed(): boolean {
    return this.isEnabled(BUILD_ANNOTATIONS.allowNameChange);
  }

  allowNameChange(): void {
    this.enable(BUILD_ANNOTATIONS.allowNameChange);
  }

  kindChangeAllowed(): boolean {
    return this.isEnabled(BUILD_ANNOTATIONS.allowKindChange);
  }

  allowKindChange(): void {
    this.enable(BUILD_ANNOTATIONS.allowKindChange);
  }

  /** `metadata.annotations` as strings (kyaml reads each value's text). */
  getAnnotations(): Record<string, string> {
    return this.getMetaMap('annotations');
  }

  /** Replaces `metadata.annotations`; an empty map removes the field (kyaml's `SetAnnotations`). */
  setAnnotations(values: Record<string, string>): void {
    this.setMetaMap('annotations', values);
  }

  getLabels(): Record<string, string> {
    return this.getMetaMap('labels');
  }

  setLabels(values: Record<string, string>): void {
    this.setMetaMap('labels', values);
  }

  /** Drops kustomize's build annotations (the annotations field goes when nothing else is left). */
  removeBuildAnnotations(): void {
    const annotations = this.getAnnotations();
    if (Object.keys(annotations).length === 0) return;
    for (const key of ALL_BUILD_ANNOTATIONS) delete annotations[key];
    this.setAnnotations(annotations);
  }

  /** `data` (or `binaryData`) as strings. */
  getDataMap(field: 'data' | 'binaryData'): Record<string, string> {
    const out = newMap() as Record<string, string>;
    const value = getKey(this.obj, field);
    if (!isMap(value)) return out;
    for (const [k, v] of Object.entries(value)) setKey(out, k, scalarText(v));
    return out;
  }

  /** Replaces `data` (or `binaryData`) with string values; an empty map removes it. */
  setDataMap(field: 'data' | 'binaryData', values: Record<string, string>): void {
    delete this.obj[field];
    const keys = Object.keys(values).sort();
    if (keys.length === 0) return;
    const map = newMap();
    for (const k of keys) setKey(map, k, values[k]);
    setKey(this.obj, field, map);
  }

  private getMetaMap(field: string): Record<string, string> {
    const out = newMap() as Record<string, string>;
    const value = lookup(this.obj, ['metadata', field]);
    if (!isMap(value)) return out;
    for (const [k, v] of Object.entries(value)) setKey(out, k, scalarText(v));
    return out;
  }

  private setMetaMap(field: string, values: Record<string, string>): void {
    const metadata = lookupCreateMap(this.obj, ['metadata']);
    delete metadata[field];
    const keys = Object.keys(values).sort();
    if (keys.length === 0) return;
    const map = newMap();
    for (const k of keys) setKey(map, k, values[k]);
    setKey(metadata, field, map);
  }

  private getCsvAnnotation(name: string): string[] {
    const value = this.getAnnotations()[name];
    return value === undefined ? [] : value.split(',');
  }

  private appendCsvAnnotation(name: string, value: string): void {
    if (value === '') return;
    const current = this.getCsvAnnotation(name);
    const annotations = lookupCreateMap(this.obj, ['metadata', 'annotations']);
    setKey(annotations, name, [...current, value].join(','));
  }

  private isEnabled(name: string): boolean {
    return this.getAnnotations()[name] === ENABLED;
  }

  private enable(name: string): void {
    const annotations = this.getAnnotations();
    setKey(annotations, name, ENABLED);
    this.setAnnotations(annotations);
  }
}
