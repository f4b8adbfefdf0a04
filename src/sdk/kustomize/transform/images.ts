/**
 * `images:` (kustomize's ImageTagTransformer): image references whose name matches get a new
 * name, tag, digest or tag suffix. Like kustomize, each entry runs twice: once over every
 * `containers`/`initContainers` list anywhere in an object, once over the configured fields;
 * CustomResourceDefinitions are left alone.
 */
import type { FieldSpec } from '../config/fieldspec.js';
import type { Image } from '../load/kustomization.js';
import { getKey, isMap, setKey, type JsonMap } from '../model/json.js';
import { compileGoRegex } from '../model/regex.js';
import type { ResMap } from '../model/resmap.js';
import { applyFieldSpec, setScalar, type NodeRef } from './fieldspec-filter.js';

/** kustomize's `image.Split`: name, tag and digest of an image reference. */
export function splitImage(image: string): { name: string; tag: string; digest: string } {
  let slash = image.indexOf('/');
  let search = image;
  if (slash > 0) search = image.slice(slash);
  else slash = 0;
  let at = search.indexOf('@');
  let colon = search.indexOf(':');
  if (colon < 0 && at < 0) return { name: image, tag: '', digest: '' };
  if (at >= 0 && (at < colon || colon < 0)) {
    at += slash;
    return { name: image.slice(0, at), tag: '', digest: image.slice(at + 1) };
  }
  if (at >= 0 && colon >= 0) {
    at += slash;
    colon += slash;
    return { name: image.slice(0, colon), tag: image.slice(colon + 1, at), digest: image.slice(at + 1) };
  }
  colon += slash;
  return { name: image.slice(0, colon), tag: image.slice(colon + 1), digest: '' };
}

/** The updater of one `images` entry: the new reference, or undefined when the image does not match. */
export function imageUpdater(entry: Image): (value: string) => string | undefined {
  const pattern = compileGoRegex(`^${entry.name ?? ''}(:[a-zA-Z0-9_.{}-]*)?(@sha256:[a-zA-Z0-9_.{}-]*)?$`);
  return (value) => {
    if (!pattern.test(value)) return undefined;
    let { name, tag, digest } = splitImage(value);
    if (entry.newName) name = entry.newName;
    if (entry.newTag && entry.digest) {
      tag = entry.newTag;
      digest = entry.digest;
    } else if (entry.newTag) {
      tag = entry.newTag;
      digest = '';
    } else if (entry.digest) {
      tag = '';
      digest = entry.digest;
    } else if (entry.tagSuffix) {
      tag += entry.tagSuffix;
      digest = '';
    }
    if (tag !== '') name += `:${tag}`;
    if (digest !== '') name += `@${digest}`;
    return name;
  };
}

function updateRef(ref: NodeRef, update: (value: string) => string | undefined): void {
  const value = ref.get();
  if (Array.isArray(value) || isMap(value)) throw new Error(`wrong node kind: expected ScalarNode but got ${Array.isArray(value) ? 'SequenceNode' : 'MappingNode'}`);
  const next = update(typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));
  if (next !== undefined) setScalar(ref, next);
}

/** kustomize's legacy image walk: every `containers` / `initContainers` list, at any depth. */
function legacyWalk(node: unknown, update: (value: string) => string | undefined): void {
  if (Array.isArray(node)) {
    for (const item of node) legacyWalk(item, update);
    return;
  }
  if (!isMap(node)) return;
  for (const [key, value] of Object.entries(node)) {
    legacyWalk(value, update);
    if ((key === 'containers' || key === 'initContainers') && Array.isArray(value)) {
      for (const container of value) {
        if (!isMap(container) || !Object.hasOwn(container, 'image')) continue;
        updateRef({ get: () => getKey(container, 'image'), set: (v) => setKey(container, 'image', v) }, update);
      }
    }
  }
}

/** Applies one `images` entry to every resource. */
export function transformImage(resources: ResMap, entry: Image, fieldSpecs: readonly FieldSpec[]): void {
  const update = imageUpdater(entry);
  const targets = resources.resources().filter((r) => r.getKind() !== 'CustomResourceDefinition');
  for (const res of targets) legacyWalk(res.obj as JsonMap, update);
  for (const res of targets) {
    for (const fs of fieldSpecs) applyFieldSpec(res.obj, () => res.curId(), fs, (ref) => updateRef(ref, update), undefined);
  }
}
