/**
 * The three patch fields: `patchesStrategicMerge` (patches matched by their own identity),
 * `patches` (a strategic merge or JSON patch, matched by identity or by a `target`), and
 * `patchesJson6902` (JSON patches with a target). Strategic merges use {@link mergePatch}.
 */
import { KustomizeError } from '../errors.js';
import type { FileLoader } from '../load/loader.js';
import type { Patch } from '../load/kustomization.js';
import { resourcesFromText } from '../load/resources.js';
import { KUSTOMIZE } from '../../naming.js';
import { setKey } from '../model/json.js';
import { idIdentical, resIdString } from '../model/resid.js';
import { selectorString, type ResMap, type Selector } from '../model/resmap.js';
import type { Resource, ScopeOracle } from '../model/resource.js';
import { applyJsonPatch, decodeJsonPatch, type Operation } from './json-patch.js';
import { mergePatch, type SchemaLookup } from './merge2.js';

/** A loaded `patches` entry. */
export type LoadedPatch =
  | { type: 'strategic'; patches: Resource[]; target: Selector | undefined; source: string }
  | { type: 'json'; ops: Operation[]; target: Selector | undefined; source: string };

async function tryResources(text: string, source: string, scope: ScopeOracle): Promise<Resource[] | undefined> {
  try {
    return await resourcesFromText(text, source, scope);
  } catch {
    return undefined;
  }
}

/** Loads `patchesStrategicMerge`: each entry is inline YAML when it parses as resources, else a file. */
export async function loadStrategicMergePatches(loader: FileLoader, entries: readonly string[], scope: ScopeOracle): Promise<Resource[]> {
  const out: Resource[] = [];
  for (const entry of entries) {
    const inline = await tryResources(entry, 'patchesStrategicMerge', scope);
    if (inline !== undefined) {
      out.push(...inline);
      continue;
    }
    const text = (await loader.load(entry)).toString('utf8');
    out.push(...(await resourcesFromText(text, loader.display(entry), scope)));
  }
  if (out.length === 0) throw new KustomizeError(`patch appears to be empty; files=[${entries.join(' ')}]`);
  return out;
}

/** Loads one `patches` entry and decides whether it is a strategic merge or a JSON patch. */
export async function loadPatch(loader: FileLoader, entry: Patch, scope: ScopeOracle): Promise<LoadedPatch> {
  const inline = (entry.patch ?? '').trim();
  const file = entry.path ?? '';
  if (inline === '' && file === '') throw new KustomizeError('must specify one of patch and path');
  if (inline !== '' && file !== '') throw new KustomizeError('patch and path can\'t be set at the same time');
  let text = inline;
  let source = `[patch: ${JSON.stringify(inline)}]`;
  if (file !== '') {
    try {
      text = (await loader.load(file)).toString('utf8');
    } catch (err) {
      throw new KustomizeError(`failed to get the patch file from path(${file}): ${(err as Error).message}`);
    }
    source = `[path: ${JSON.stringify(file)}]`;
  }
  const display = file === '' ? 'patches' : loader.display(file);
  const sm = await tryResources(text, display, scope);
  let json: Operation[] | undefined;
  try {
    json = await decodeJsonPatch(text, display);
  } catch {
    json = undefined;
  }
  if (sm !== undefined && json !== undefined) {
    throw new KustomizeError(`illegally qualifies as both an SM and JSON patch: ${source}`);
  }
  if (sm === undefined && json === undefined) throw new KustomizeError(`unable to parse SM or JSON patch from ${source}`);
  if (sm !== undefined) {
    for (const p of sm) {
      if (entry.options?.allowNameChange === true) p.allowNameChange();
      if (entry.options?.allowKindChange === true) p.allowKindChange();
    }
    return { type: 'strategic', patches: sm, target: entry.target, source };
  }
  return { type: 'json', ops: json ?? [], target: entry.target, source };
}

/** kustomize's `Resource.ApplySmPatch`: merges, then restores the name and kind unless allowed, and the namespace. */
function applySmPatchToResource(res: Resource, patch: Resource, lookup: SchemaLookup): void {
  const name = res.getName();
  const namespace = res.getNamespace();
  const kind = res.getKind();
  if (patch.nameChangeAllowed() || patch.kindChangeAllowed()) res.storePreviousId();
  const merged = mergePatch(res.obj, patch.copy().obj, lookup);
  if (merged === undefined) {
    res.object = {};
    return;
  }
  if (!patch.kindChangeAllowed()) res.setKind(kind);
  if (!patch.nameChangeAllowed()) res.setName(name);
  res.setNamespace(namespace);
}

/** `ResMap.ApplySmPatch`: the patch, given each selected resource's group and version, merged into it. */
function applySmPatchToSelected(resources: ResMap, selected: readonly Resource[], patch: Resource, lookup: SchemaLookup): void {
  const ids = selected.map((r) => r.curId());
  const kept: Resource[] = [];
  for (const res of resources.resources()) {
    if (ids.some((id) => idIdentical(id, res.curId()))) {
      const copy = patch.copy();
      copy.setGvk(res.gvk());
      copy.setKind(patch.getKind());
      applySmPatchToResource(res, copy, lookup);
    }
    if (!res.isDeleted()) kept.push(res);
  }
  resources.clear();
  resources.appendAll(kept);
}

/** Applies `patchesStrategicMerge` patches, each to the one resource with its identity. */
export function applyStrategicMergePatches(resources: ResMap, patches: readonly Resource[], lookup: SchemaLookup): void {
  for (const patch of patches) {
    const target = resources.getById(patch.orgId());
    applySmPatchToSelected(resources, [target], patch, lookup);
  }
}

/** kio's internal annotations, which a JSON patch must not lose. */
function internalAnnotations(res: Resource): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.getAnnotations())) if (k.startsWith(`${KUSTOMIZE.buildAnnotationDomain}/`)) setKey(out, k, v);
  return out;
}

function applyJsonPatchToResource(res: Resource, ops: readonly Operation[]): void {
  const saved = internalAnnotations(res);
  res.object = applyJsonPatch(res.obj, ops);
  res.setAnnotations({ ...res.getAnnotations(), ...saved });
}

/** Applies one loaded `patches` entry. */
export function applyPatch(resources: ResMap, patch: LoadedPatch, lookup: SchemaLookup): void {
  if (patch.type === 'strategic') {
    if (patch.target !== undefined) {
      if (patch.patches.length > 1) throw new KustomizeError(`Multiple Strategic-Merge Patches in one \`patches\` entry is not allowed to set \`patches.target\` field: ${patch.source}`);
      const only = patch.patches[0];
      if (only === undefined) return;
      let selected: Resource[];
      try {
        selected = resources.select(patch.target);
      } catch (err) {
        throw new KustomizeError(`unable to find patch target ${JSON.stringify(selectorString(patch.target))} in \`resources\`: ${(err as Error).message}`);
      }
      applySmPatchToSelected(resources, selected, only, lookup);
      return;
    }
    for (const p of patch.patches) {
      let target: Resource;
      try {
        target = resources.getById(p.orgId());
      } catch (err) {
        throw new KustomizeError(`no resource matches strategic merge patch ${JSON.stringify(resIdString(p.orgId()))}: ${(err as Error).message}`);
      }
      applySmPatchToResource(target, p, lookup);
    }
    return;
  }
  if (patch.target === undefined) throw new KustomizeError(`must specify a target for JSON patch ${patch.source}`);
  for (const res of resources.select(patch.target)) {
    res.storePreviousId();
    applyJsonPatchToResource(res, patch.ops);
  }
}

/** Loads one `patchesJson6902` entry (a target with a name is required). */
export async function loadJson6902(loader: FileLoader, entry: Patch): Promise<{ ops: Operation[]; target: Selector }> {
  const target = entry.target;
  if (target?.name === undefined || target.name === '') throw new KustomizeError('must specify the target name');
  const file = entry.path ?? '';
  const inline = entry.patch ?? '';
  if (file === '' && inline === '') throw new KustomizeError('empty file path and empty jsonOp');
  let text = inline;
  if (file !== '') {
    if (inline !== '') throw new KustomizeError('must specify a file path or jsonOp, not both');
    text = (await loader.load(file)).toString('utf8');
    if (text === '') throw new KustomizeError(`patch file '${file}' empty seems to be empty`);
  }
  const ops = await decodeJsonPatch(text, file === '' ? 'patchesJson6902' : loader.display(file));
  if (ops.length === 0) throw new KustomizeError(`patch appears to be empty; file=${file}, JsonOp=${text}`);
  return { ops, target };
}

/** Applies a `patchesJson6902` entry to every resource its target selects. */
export function applyJson6902(resources: ResMap, patch: { ops: Operation[]; target: Selector }): void {
  for (const res of resources.select(patch.target)) applyJsonPatchToResource(res, patch.ops);
}
