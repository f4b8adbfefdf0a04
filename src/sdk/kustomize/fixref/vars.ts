/**
 * `vars` (deprecated in kustomize, still used): `$(NAME)` in the fields the configuration's
 * `varReference` lists is replaced, after all renames, by a field (default `metadata.name`) of
 * the resource the var names. A value that is exactly `$(NAME)` takes the field's type.
 */
import type { FieldSpec } from '../config/fieldspec.js';
import { KustomizeError } from '../errors.js';
import type { Var } from '../load/kustomization.js';
import { lookupPath, splitFieldPath } from '../model/field-path.js';
import { isMap } from '../model/json.js';
import { gvknEquals, idEquals, parseGroupVersion, type ResId } from '../model/resid.js';
import type { ResMap } from '../model/resmap.js';
import type { ScopeOracle } from '../model/resource.js';
import { applyFieldSpec, type NodeRef } from '../transform/fieldspec-filter.js';
import { apiVersionOf } from '../../../machinery/group-version.js';

/** A var with its defaults filled in. */
export interface ResolvedVar {
  name: string;
  target: ResId;
  fieldPath: string;
}

/** The vars of a build, by name; a name may be declared once. */
export class VarSet {
  private readonly vars = new Map<string, ResolvedVar>();

  add(v: ResolvedVar): void {
    if (this.vars.has(v.name)) throw new KustomizeError(`var '${v.name}' already encountered`);
    this.vars.set(v.name, v);
  }

  addAll(other: VarSet): void {
    for (const v of other.vars.values()) this.add(v);
  }

  sorted(): ResolvedVar[] {
    return [...this.vars.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}

/** `Var.Defaulting`: the target's identity from its apiVersion (or group/version), `metadata.name` by default. */
export function resolveVar(v: Var, scope: ScopeOracle): ResolvedVar {
  const ref = v.objref ?? {};
  let group = ref.group ?? '';
  let version = ref.version ?? '';
  if (ref.apiVersion !== undefined && ref.apiVersion !== '') {
    const parts = ref.apiVersion.split('/');
    if (parts.length === 2) ({ group, version } = parseGroupVersion(ref.apiVersion));
    if (parts.length === 1) version = parts[0] as string;
  }
  const kind = ref.kind ?? '';
  const apiVersion = apiVersionOf({ group, version });
  return {
    name: v.name ?? '',
    target: { gvk: { group, version, kind, clusterScoped: scope(apiVersion, kind) }, name: ref.name ?? '', namespace: ref.namespace ?? '' },
    fieldPath: v.fieldref?.fieldPath !== undefined && v.fieldref.fieldPath !== '' ? v.fieldref.fieldPath : 'metadata.name',
  };
}

/** `ResAccumulator.MergeVars`: marks the one resource each var points at. */
export function attachVars(resources: ResMap, vars: readonly ResolvedVar[], set: VarSet): void {
  for (const v of vars) {
    const exact = v.target.namespace !== '' || v.target.gvk.clusterScoped;
    const matched = resources.byAnyId((id) => (exact ? idEquals(v.target, id) : gvknEquals(v.target, id)));
    if (matched.length > 1) throw new KustomizeError(`found ${matched.length} resId matches for var ${v.name} (unable to disambiguate)`);
    matched[0]?.refVarNames.push(v.name);
  }
  for (const v of vars) set.add(v);
}

/** Go's `%v` of a replacement value inside a longer string. */
function formatValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value === null || value === undefined) return '<nil>';
  return JSON.stringify(value);
}

/** kustomize's `DoReplacements`: `$(NAME)` expanded, `$$` an escaped `$`, unknown names kept. */
export function expandVars(input: string, mapping: (name: string) => unknown): unknown {
  let out = '';
  let checkpoint = 0;
  for (let cursor = 0; cursor < input.length; cursor++) {
    if (input[cursor] !== '$' || cursor + 1 >= input.length) continue;
    out += input.slice(checkpoint, cursor);
    const rest = input.slice(cursor + 1);
    let read: string;
    let isVar = false;
    let advance = 1;
    if (rest[0] === '$') {
      read = '$';
    } else if (rest[0] === '(') {
      const close = rest.indexOf(')', 1);
      if (close >= 1) {
        read = rest.slice(1, close);
        isVar = true;
        advance = close + 1;
      } else {
        read = '$(';
      }
    } else {
      read = `$${rest[0] ?? ''}`;
    }
    if (isVar) {
      const mapped = mapping(read);
      if (input === `$(${read})`) return mapped;
      out += formatValue(mapped);
    } else {
      out += read;
    }
    cursor += advance;
    checkpoint = cursor + 1;
  }
  return out + input.slice(checkpoint);
}

/** Replaces `$(NAME)` in every configured field; returns the names of vars never used. */
export function resolveVars(resources: ResMap, set: VarSet, varReference: readonly FieldSpec[]): string[] {
  const values = new Map<string, unknown>();
  for (const v of set.sorted()) {
    const owner = resources.resources().find((r) => r.refVarNames.includes(v.name));
    if (owner === undefined) throw new KustomizeError(`var '${v.name}' cannot be mapped to a field in the set of known resources`);
    const value = lookupPath(owner.obj, splitFieldPath(v.fieldPath));
    if (value === undefined) throw new KustomizeError(`field specified in var '${v.name}' not found in corresponding resource`);
    values.set(v.name, value);
  }
  if (values.size === 0) return [];
  const used = new Set<string>();
  const mapping = (name: string): unknown => {
    if (!values.has(name)) return `$(${name})`;
    const value = values.get(name);
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      used.add(name);
      return value;
    }
    return `$(${name})`;
  };
  const replaceIn = (ref: NodeRef): void => {
    const value = ref.get();
    if (value === null || value === undefined) return;
    if (typeof value === 'string') {
      ref.set(expandVars(value, mapping));
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => {
        if (typeof item !== 'string') throw new KustomizeError('invalid value type expect a string');
        value[i] = expandVars(item, mapping);
      });
    } else if (isMap(value)) {
      for (const [k, item] of Object.entries(value)) if (typeof item === 'string') value[k] = expandVars(item, mapping);
    }
  };
  for (const res of resources.resources()) {
    for (const fs of varReference) applyFieldSpec(res.obj, () => res.curId(), fs, replaceIn, undefined);
  }
  return [...values.keys()].filter((name) => !used.has(name));
}
