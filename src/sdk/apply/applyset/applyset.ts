/**
 * An ApplySet (kubectl's `--applyset`, KEP-3659): a parent object (a Secret by default, a
 * ConfigMap, or a custom resource whose CRD is labelled as a parent type) whose ID label names the
 * set, whose annotations list the group-kinds and namespaces its members may have, and whose
 * members carry a `part-of` label with that ID. Pruning lists exactly those kinds and namespaces
 * by that label, so it deletes what a previous apply of the set made and nothing else.
 *
 * The labels, annotations, ID and tooling follow the KEP byte for byte (with `platform.io` names),
 * so that sets written by kubectl through a renaming proxy and by platformctl are one and the
 * same: the tooling is written as `kubectl/...`, the name kubectl checks before it touches a set,
 * because both tools keep the same semantics; either name is accepted when reading.
 */
import { createHash } from 'node:crypto';
import type { PlatformClient } from '../../client.js';
import type { ResourceMapping } from '../../discovery/rest-mapper.js';
import { InputError, PlatformError, StatusError } from '../../errors.js';
import { ANNOTATIONS, BINARY_NAME, GROUPS, LABELS } from '../../naming.js';
import type { KubeObject } from '../../types/meta.js';
import type { DryRunMode } from '../apply-object.js';
import { describeObject } from '../object-ref.js';
import type { PruneResult } from '../prune.js';
import { apiVersionOf } from '../../../machinery/group-version.js';

/** The tool name written in a parent's tooling annotation (see the module comment). */
export const APPLYSET_TOOLING_NAME = 'kubectl';
/** Tool names whose sets are ours to manage. */
const COMPATIBLE_TOOLING = new Set([APPLYSET_TOOLING_NAME, BINARY_NAME]);
/** The field manager of the parent's annotations and label (kubectl's `<tool>-applyset`). */
export const APPLYSET_FIELD_MANAGER = `${APPLYSET_TOOLING_NAME}-applyset`;

/** Which parent an ApplySet has: `NAME` (a Secret) or `RESOURCE[.GROUP]/NAME`, in `namespace`. */
export interface ApplySetRef {
  parent: string;
  /** The parent's namespace: required for a namespaced parent (kubectl takes it only from `-n`). */
  namespace?: string | undefined;
}

/** A group and kind (`Deployment.apps`, `ConfigMap`). */
interface GroupKind {
  group: string;
  kind: string;
}

function groupKindText(gk: GroupKind): string {
  return gk.group === '' ? gk.kind : `${gk.kind}.${gk.group}`;
}

function parseGroupKind(text: string): GroupKind {
  const dot = text.indexOf('.');
  return dot < 0 ? { group: '', kind: text } : { group: text.slice(dot + 1), kind: text.slice(0, dot) };
}

/** The KEP's ID: `applyset-<base64url(sha256(name.namespace.kind.group))>-v1`. */
export function applySetId(name: string, namespace: string, kind: string, group: string): string {
  const hash = createHash('sha256').update([name, namespace, kind, group].join('.')).digest('base64url');
  return `applyset-${hash}-v1`;
}

function splitList(text: string | undefined): string[] {
  return text === undefined || text === '' ? [] : text.split(',');
}

/** The state of one ApplySet during an apply: what its parent says, and what this apply adds. */
export class ApplySet {
  /** The group-kinds and namespaces the parent listed before this apply. */
  private readonly current = new Map<string, ResourceMapping>();
  private readonly currentNamespaces = new Set<string>();
  /** The group-kinds and namespaces of this apply's objects. */
  private readonly updated = new Map<string, ResourceMapping>();
  private readonly updatedNamespaces = new Set<string>();

  private constructor(
    private readonly client: PlatformClient,
    readonly parentMapping: ResourceMapping,
    readonly name: string,
    readonly namespace: string,
    readonly toolingVersion: string,
  ) {}

  /** The set's ID (the parent's `id` label and the members' `part-of` label). */
  get id(): string {
    return applySetId(this.name, this.namespace, this.parentMapping.kind, this.parentMapping.group);
  }

  /** `secrets/my-set`, `configmaps/x`, `widgets.example.com/y`. */
  get description(): string {
    const m = this.parentMapping;
    return `${m.resource}${m.group === '' ? '' : `.${m.group}`}/${this.name}`;
  }

  /** The label selector of the members. */
  get memberSelector(): string {
    return `${LABELS.applySetPartOf}=${this.id}`;
  }

  /**
   * Resolves the parent reference, checks that its type may be a parent and that its namespace is
   * given, and reads the parent (which need not exist yet unless it is a custom resource).
   */
  static async open(client: PlatformClient, ref: ApplySetRef, toolingVersion: string, signal?: AbortSignal): Promise<ApplySet> {
    const slash = ref.parent.indexOf('/');
    const resource = slash < 0 ? 'secrets' : ref.parent.slice(0, slash);
    const name = slash < 0 ? ref.parent : ref.parent.slice(slash + 1);
    if (name === '') throw new InputError(`invalid parent reference ${JSON.stringify(ref.parent)}: name cannot be blank`);
    const mapping = await client.mapper.resourceFor(resource, signal === undefined ? {} : { signal });
    const builtin = mapping.group === '' && (mapping.resource === 'secrets' || mapping.resource === 'configmaps');
    if (!builtin) await requireParentType(client, mapping, signal);
    const namespace = mapping.namespaced ? ref.namespace ?? '' : '';
    if (mapping.namespaced && namespace === '') throw new InputError('namespace is required to use namespace-scoped ApplySet');
    const set = new ApplySet(client, mapping, name, namespace, toolingVersion);
    await set.readParent(builtin, signal);
    return set;
  }

  private async readParent(builtin: boolean, signal: AbortSignal | undefined): Promise<void> {
    let parent: KubeObject;
    try {
      parent = await this.client.resource(this.parentMapping, this.namespace === '' ? undefined : this.namespace).get(this.name, signal === undefined ? {} : { signal });
    } catch (e) {
      if (e instanceof StatusError && e.code === 404) {
        if (!builtin) throw new PlatformError('custom resource ApplySet parents cannot be created automatically');
        if (this.namespace !== '') this.currentNamespaces.add(this.namespace);
        return;
      }
      throw new PlatformError(`failed to fetch ApplySet parent object ${JSON.stringify(this.description)}: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    const annotations = parent.metadata?.annotations ?? {};
    const labels = parent.metadata?.labels ?? {};
    const tooling = annotations[ANNOTATIONS.applySetTooling];
    if (tooling === undefined) throw new PlatformError(`ApplySet parent object ${JSON.stringify(this.description)} already exists and is missing required annotation ${JSON.stringify(ANNOTATIONS.applySetTooling)}`);
    const slash = tooling.lastIndexOf('/');
    const managedBy = slash < 0 ? tooling : tooling.slice(0, slash);
    if (!COMPATIBLE_TOOLING.has(managedBy)) {
      throw new PlatformError(`ApplySet parent object ${JSON.stringify(this.description)} already exists and is managed by tooling ${JSON.stringify(managedBy)} instead of ${JSON.stringify(APPLYSET_TOOLING_NAME)}`);
    }
    const id = labels[LABELS.applySetId];
    if (id === undefined) throw new PlatformError(`ApplySet parent object ${JSON.stringify(this.description)} exists and does not have required label ${LABELS.applySetId}`);
    if (id !== this.id) throw new PlatformError(`ApplySet parent object ${JSON.stringify(this.description)} exists and has incorrect value for label ${JSON.stringify(LABELS.applySetId)} (got: ${id}, want: ${this.id})`);
    const kinds = annotations[ANNOTATIONS.applySetGroupKinds];
    if (kinds !== undefined) {
      for (const text of splitList(kinds)) this.current.set(groupKindText(parseGroupKind(text)), await this.mappingOfGroupKind(parseGroupKind(text), signal));
    } else if ((annotations[ANNOTATIONS.applySetGroupResources] ?? '') !== '') {
      for (const text of splitList(annotations[ANNOTATIONS.applySetGroupResources])) {
        const m = await this.client.mapper.resourceFor(text, signal === undefined ? {} : { signal });
        this.current.set(groupKindText(m), m);
      }
    } else {
      throw new PlatformError(`${BINARY_NAME} requires the ${JSON.stringify(ANNOTATIONS.applySetGroupKinds)} annotation to be set on all ApplySet parent objects`);
    }
    for (const ns of splitList(annotations[ANNOTATIONS.applySetAdditionalNamespaces])) this.currentNamespaces.add(ns);
    if (this.namespace !== '') this.currentNamespaces.add(this.namespace);
  }

  private async mappingOfGroupKind(gk: GroupKind, signal: AbortSignal | undefined): Promise<ResourceMapping> {
    const snapshot = await this.client.discovery.snapshot(signal === undefined ? {} : { signal });
    const r = snapshot.resources.find((x) => x.group === gk.group && x.kind === gk.kind && !x.resource.includes('/'));
    if (r === undefined) throw new PlatformError(`could not find mapping for kind in ${JSON.stringify(ANNOTATIONS.applySetGroupKinds)} annotation: no matches for kind ${JSON.stringify(gk.kind)} in group ${JSON.stringify(gk.group)}`);
    return {
      group: r.group, version: r.version, resource: r.resource, namespaced: r.namespaced, kind: r.kind, singular: r.singular,
      verbs: [...r.verbs], shortNames: [...r.shortNames], categories: [...r.categories], subresources: [...r.subresources],
    };
  }

  /** Adds the member label to an object about to be applied; an object that sets it itself is refused. */
  label(object: KubeObject): KubeObject {
    const labels = object.metadata?.labels ?? {};
    if (Object.hasOwn(labels, LABELS.applySetPartOf)) throw new InputError(`ApplySet label ${JSON.stringify(LABELS.applySetPartOf)} already set in input data`);
    return { ...object, metadata: { ...object.metadata, labels: { ...labels, [LABELS.applySetPartOf]: this.id } } };
  }

  /** Records an object of this apply (its kind and namespace go into the parent). */
  add(mapping: ResourceMapping, namespace: string | undefined): void {
    const key = groupKindText(mapping);
    if (!this.updated.has(key)) this.updated.set(key, mapping);
    if (mapping.namespaced && namespace !== undefined && namespace !== '') this.updatedNamespaces.add(namespace);
  }

  /**
   * The members pruning would delete: the objects with the member label, of the kinds and in the
   * namespaces the parent listed before this apply, that are not among `keep` (uids of this
   * apply's objects).
   */
  async *staleMembers(keep: ReadonlySet<string>, signal?: AbortSignal): AsyncGenerator<PruneResult> {
    const namespaces = [...this.currentNamespaces].sort();
    for (const mapping of this.current.values()) {
      for (const namespace of mapping.namespaced ? namespaces : [undefined]) {
        const rc = this.client.resource(mapping, namespace);
        for await (const object of rc.listAll({ labelSelector: this.memberSelector, ...(signal === undefined ? {} : { signal }) })) {
          const uid = object.metadata?.uid;
          if (uid !== undefined && keep.has(uid)) continue;
          const typed = { ...object, apiVersion: object.apiVersion ?? apiVersionOf(mapping), kind: object.kind ?? mapping.kind };
          yield { description: describeObject(typed), object: typed, mapping, namespace };
        }
      }
    }
  }

  /**
   * Writes the parent by server-side apply: before the apply with the union of the old and new
   * kinds and namespaces (so that an apply that fails half-way can still be pruned by the next),
   * after the prune with exactly this apply's. A conflict on the parent's fields is retried once
   * with conflicts forced, with a warning, as kubectl does.
   */
  async writeParent(mode: 'superset' | 'latest', options: { dryRun?: DryRunMode | undefined; signal?: AbortSignal | undefined; onWarning?: ((message: string) => void) | undefined }): Promise<void> {
    if (options.dryRun === 'client') return;
    const kinds = mode === 'superset' ? new Set([...this.current.keys(), ...this.updated.keys()]) : new Set(this.updated.keys());
    const namespaces = mode === 'superset' ? new Set([...this.currentNamespaces, ...this.updatedNamespaces]) : new Set(this.updatedNamespaces);
    namespaces.delete(this.namespace);
    const m = this.parentMapping;
    const parent: KubeObject = {
      apiVersion: apiVersionOf(m),
      kind: m.kind,
      metadata: {
        name: this.name,
        ...(this.namespace === '' ? {} : { namespace: this.namespace }),
        annotations: {
          [ANNOTATIONS.applySetTooling]: `${APPLYSET_TOOLING_NAME}/${this.toolingVersion}`,
          [ANNOTATIONS.applySetGroupKinds]: [...kinds].sort().join(','),
          [ANNOTATIONS.applySetAdditionalNamespaces]: [...namespaces].sort().join(','),
        },
        labels: { [LABELS.applySetId]: this.id },
      },
    };
    const rc = this.client.resource(m, this.namespace === '' ? undefined : this.namespace);
    const write = (force: boolean): Promise<KubeObject> => rc.apply(parent, {
      fieldManager: APPLYSET_FIELD_MANAGER, forceConflicts: force,
      ...(options.dryRun === 'server' ? { dryRun: true } : {}),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
    try {
      await write(false);
    } catch (e) {
      if (!(e instanceof StatusError && e.code === 409)) throw new PlatformError(`failed to update ApplySet: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      options.onWarning?.(`WARNING: failed to update ApplySet: ${e.message}\nApplySet field manager ${APPLYSET_FIELD_MANAGER} should own these fields. Retrying with conflicts forced.`);
      await write(true);
    }
  }
}

/** A custom parent type must be a CRD's kind labelled as an ApplySet parent type. */
async function requireParentType(client: PlatformClient, mapping: ResourceMapping, signal: AbortSignal | undefined): Promise<void> {
  const crds = client.resource({ group: GROUPS.apiextensions, version: 'v1', resource: 'customresourcedefinitions', namespaced: false, kind: 'CustomResourceDefinition' });
  const list = await crds.list({ labelSelector: LABELS.applySetParentType, ...(signal === undefined ? {} : { signal }) });
  const allowed = list.items.some((crd) => crd.metadata?.name === `${mapping.resource}.${mapping.group}`);
  if (!allowed) throw new InputError(`resource ${JSON.stringify(`${mapping.group}/${mapping.version}, Resource=${mapping.resource}`)} is not permitted as an ApplySet parent`);
}
