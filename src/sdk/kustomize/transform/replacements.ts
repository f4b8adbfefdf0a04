/**
 * `replacements:` (kustomize's ReplacementTransformer): copies a field of one source resource
 * into fields of the selected target resources. Field paths are kyaml's (`spec.template.spec.
 * containers.[name=app].image`, `*` for every item, an index for one item); a delimiter option
 * copies or replaces one part of a delimited string; `create` makes missing target fields.
 */
import { KustomizeError } from '../errors.js';
import type { FileLoader } from '../load/loader.js';
import { resolvePlainV3 } from '../load/yaml-v3.js';
import { parseConfigYaml } from '../load/yaml.js';
import { compileLabelSelector } from '../../apply/label-selector.js';
import { lookupPath, splitSmarterPath } from '../model/field-path.js';
import { deepCopy, getKey, isMap, isNilOrEmpty, newMap, scalarText, setKey } from '../model/json.js';
import { compileGoRegex } from '../model/regex.js';
import { DEFAULT_NAMESPACE, gvkSelected, resIdString, type ResId } from '../model/resid.js';
import type { ResMap, Selector } from '../model/resmap.js';
import type { Resource } from '../model/resource.js';
import type { NodeRef } from './fieldspec-filter.js';

/** Options of a source or target field. */
export interface FieldOptions {
  delimiter?: string | undefined;
  index?: number | undefined;
  encoding?: string | undefined;
  create?: boolean | undefined;
}

/** One replacement. */
export interface Replacement {
  source?: Selector & { fieldPath?: string; options?: FieldOptions };
  targets?: Array<{ select?: Selector; reject?: Selector[]; fieldPaths?: string[]; options?: FieldOptions }>;
}

/** A `replacements` entry: inline, or a `path` to a file holding one replacement or a list. */
export type ReplacementField = Replacement & { path?: string };

/** Reads the replacements of a kustomization (files named by `path` included). */
export async function loadReplacements(loader: FileLoader, entries: readonly ReplacementField[]): Promise<Replacement[]> {
  const out: Replacement[] = [];
  for (const entry of entries) {
    if (entry.path !== undefined && entry.path !== '') {
      if (entry.source !== undefined || (entry.targets ?? []).length > 0) throw new KustomizeError('cannot specify both path and inline replacement');
      const value = await parseConfigYaml((await loader.load(entry.path)).toString('utf8'), loader.display(entry.path));
      if (Array.isArray(value)) out.push(...(value as Replacement[]));
      else if (isMap(value)) out.push(value as Replacement);
      else throw new KustomizeError(`unsupported replacement type encountered within replacement path: ${value === null ? 'invalid' : typeof value}`);
    } else {
      out.push(entry);
    }
  }
  return out;
}

/** The identities kustomize matches replacement selectors against: current, then previous ones. */
function idsOf(res: Resource): ResId[] {
  const plain = (id: ResId): ResId => ({ ...id, gvk: { ...id.gvk, clusterScoped: false } });
  return [plain(res.curId()), ...res.prevIds().map(plain)];
}

function effective(namespace: string): string {
  return namespace === '' ? DEFAULT_NAMESPACE : namespace;
}

/** `ResId.IsSelectedBy`: name and namespace equal when given, kind selected. */
function selectedBy(id: ResId, s: Selector): boolean {
  if (s.name && s.name !== id.name) return false;
  if (s.namespace && effective(s.namespace) !== effective(id.namespace)) return false;
  return gvkSelected(id.gvk, s);
}

function hasResId(s: Selector): boolean {
  return Boolean(s.group || s.version || s.kind || s.name || s.namespace);
}

function matchesSelectors(res: Resource, s: Selector): boolean {
  return compileLabelSelector(s.annotationSelector ?? '')(res.getAnnotations()) && compileLabelSelector(s.labelSelector ?? '')(res.getLabels());
}

function selectorText(s: Selector & { fieldPath?: string }): string {
  const id: ResId = { gvk: { group: s.group ?? '', version: s.version ?? '', kind: s.kind ?? '', clusterScoped: false }, name: s.name ?? '', namespace: s.namespace ?? '' };
  return s.fieldPath ? `${resIdString(id)}:${s.fieldPath}` : resIdString(id);
}

/** A place reached by a path, and whether it was just created. */
interface Match extends NodeRef {
  created: boolean;
}

type Kind = 'map' | 'seq' | 'scalar';

function kindOf(value: unknown): Kind {
  return Array.isArray(value) ? 'seq' : isMap(value) ? 'map' : 'scalar';
}

function emptyOf(kind: Kind): unknown {
  return kind === 'map' ? newMap() : kind === 'seq' ? [] : '';
}

function partKind(next: string | undefined, last: Kind): Kind {
  if (next === undefined) return last;
  if ((next.startsWith('[') && next.endsWith(']')) || /^\d+$/.test(next)) return 'seq';
  return 'map';
}

/** kyaml's `PathMatcher`: every place `path` reaches from `ref`, creating what is missing when `create` is set. */
function matchPath(ref: Match, path: readonly string[], create: Kind | undefined, out: Match[]): void {
  if (path.length === 0) {
    out.push(ref);
    return;
  }
  const node = ref.get();
  const [part, ...rest] = path as [string, ...string[]];
  if (/^\d+$/.test(part)) {
    if (!Array.isArray(node)) throw new KustomizeError(`wrong node kind: expected SequenceNode but got ${kindOf(node) === 'map' ? 'MappingNode' : 'ScalarNode'}`);
    const index = Number(part);
    if (node.length === index && create !== undefined) node.push(emptyOf(partKind(rest[0], create)));
    if (node.length < index + 1) throw new KustomizeError(`index ${index} specified but only ${node.length} elements found`);
    matchPath({ get: () => node[index], set: (v) => { node[index] = v; }, created: false }, rest, create, out);
    return;
  }
  if (part.startsWith('[') && part.endsWith(']')) {
    if (!Array.isArray(node)) throw new KustomizeError(`wrong node kind: expected SequenceNode but got ${kindOf(node) === 'map' ? 'MappingNode' : 'ScalarNode'}`);
    const inner = part.slice(1, -1);
    const eq = inner.indexOf('=');
    if (eq < 0) throw new KustomizeError('list path element must contain fieldName=fieldValue for element to match');
    const field = inner.slice(0, eq);
    const pattern = compileGoRegex(inner.slice(eq + 1));
    const before = out.length;
    node.forEach((item, i) => {
      if (field === '') {
        if (pattern.test(scalarText(item).trim())) out.push({ get: () => node[i], set: (v) => { node[i] = v; }, created: false });
        return;
      }
      if (!isMap(item) || !Object.hasOwn(item, field) || !pattern.test(scalarText(getKey(item, field)).trim())) return;
      matchPath({ get: () => node[i], set: (v) => { node[i] = v; }, created: false }, rest, create, out);
    });
    if (out.length > before || create === undefined) return;
    const value = inner.slice(eq + 1);
    if (field === '') node.push(value);
    else node.push({ [field]: value });
    matchPath(ref, path, create, out);
    return;
  }
  if (part === '*') {
    if (!Array.isArray(node)) throw new KustomizeError('wrong node kind: expected SequenceNode');
    node.forEach((_, i) => matchPath({ get: () => node[i], set: (v) => { node[i] = v; }, created: false }, rest, create, out));
    return;
  }
  if (!isMap(node)) {
    if (node === null || node === undefined) return;
    throw new KustomizeError(`wrong node kind: expected MappingNode but got ${kindOf(node) === 'seq' ? 'SequenceNode' : 'ScalarNode'}`);
  }
  let created = false;
  if (!Object.hasOwn(node, part)) {
    if (create === undefined) return;
    setKey(node, part, emptyOf(partKind(rest[0], create)));
    created = true;
  }
  matchPath({ get: () => getKey(node, part), set: (v) => setKey(node, part, v), created }, rest, create, out);
}

/** The value of the source field, refined by its delimiter options. */
function sourceValue(resources: readonly Resource[], r: Replacement): unknown {
  const source = r.source as Selector & { fieldPath?: string; options?: FieldOptions };
  const matches = resources.filter((res) => idsOf(res).some((id) => selectedBy(id, source)));
  if (matches.length > 1) throw new KustomizeError(`multiple matches for selector ${selectorText(source)}`);
  const found = matches[0];
  if (found === undefined) throw new KustomizeError(`nothing selected by ${selectorText(source)}`);
  const fieldPath = source.fieldPath || 'metadata.name';
  const value = lookupPath(found.obj, splitSmarterPath(fieldPath).map((p) => p.trim()).filter((p) => p !== ''));
  if (isNilOrEmpty(value)) throw new KustomizeError(`fieldPath \`${fieldPath}\` is missing for replacement source ${selectorText({ ...source, fieldPath: '' })}`);
  const options = source.options;
  if (options?.delimiter === undefined || options.delimiter === '') return deepCopy(value);
  if (Array.isArray(value) || isMap(value)) throw new KustomizeError('delimiter option can only be used with scalar nodes');
  const parts = scalarText(value).split(options.delimiter);
  const index = options.index ?? 0;
  if (index >= parts.length || index < 0) throw new KustomizeError(`options.index ${index} is out of bounds for value ${scalarText(value)}`);
  return parts[index];
}

/**
 * Writes `value` at a target place as kyaml does: a map or list target is replaced by the value;
 * a scalar target gets the value's text and keeps its own type (a created one takes the type its
 * text resolves to). The delimiter option edits one part of the target's text.
 */
function setTarget(target: Match, value: unknown, options: FieldOptions | undefined): void {
  const current = target.get();
  let text = scalarText(value);
  if (options?.delimiter !== undefined && options.delimiter !== '') {
    if (Array.isArray(current) || isMap(current)) throw new KustomizeError('delimiter option can only be used with scalar nodes');
    const parts = scalarText(current).split(options.delimiter);
    const index = options.index ?? 0;
    if (index < 0) parts.unshift(text);
    else if (index >= parts.length) parts.push(text);
    else parts[index] = text;
    text = parts.join(options.delimiter);
  } else if ((Array.isArray(current) || isMap(current)) || (target.created && (Array.isArray(value) || isMap(value)))) {
    target.set(deepCopy(value));
    return;
  }
  if (target.created || current === null || current === undefined) target.set(resolvePlainV3(text).value);
  else if (typeof current === 'number' && text.trim() !== '' && Number.isFinite(Number(text))) target.set(Number(text));
  else if (typeof current === 'boolean' && (text === 'true' || text === 'false')) target.set(text === 'true');
  else target.set(text);
}

/** Applies the replacements in order. */
export function transformReplacements(resources: ResMap, replacements: readonly Replacement[]): void {
  for (const r of replacements) {
    if (r.source === undefined || r.targets === undefined) throw new KustomizeError('replacements must specify a source and at least one target');
    const list = resources.resources();
    const value = sourceValue(list, r);
    for (const target of r.targets) {
      const select = target.select;
      if (select === undefined) throw new KustomizeError('target must specify resources to select');
      const fieldPaths = (target.fieldPaths ?? []).length > 0 ? (target.fieldPaths as string[]) : ['metadata.name'];
      for (const res of list) {
        if (!matchesSelectors(res, select)) continue;
        const rejected = (target.reject ?? []).some((reject) => (reject.annotationSelector || reject.labelSelector ? matchesSelectors(res, reject) : false));
        if (rejected) continue;
        const ids = idsOf(res);
        if (!ids.some((id) => selectedBy(id, select))) continue;
        if ((target.reject ?? []).some((reject) => hasResId(reject) && ids.some((id) => selectedBy(id, reject)))) continue;
        for (const fieldPath of fieldPaths) {
          const create = target.options?.create === true ? kindOf(value) : undefined;
          const matches: Match[] = [];
          const root: Match = { get: () => res.obj, set: () => undefined, created: false };
          try {
            matchPath(root, splitSmarterPath(fieldPath), create, matches);
          } catch (err) {
            throw new KustomizeError(`${create === undefined ? 'unable to find field' : 'unable to find or create field'} ${JSON.stringify(fieldPath)} in replacement target: ${(err as Error).message}`);
          }
          if (matches.length === 0) throw new KustomizeError(`${create === undefined ? 'unable to find field' : 'unable to find or create field'} ${JSON.stringify(fieldPath)} in replacement target`);
          for (const m of matches) setTarget(m, value, target.options);
        }
      }
    }
  }
}
