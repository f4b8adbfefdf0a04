/**
 * `config set` / `config unset` PROPERTY_NAME paths, navigated as kubectl does: dot-separated
 * field names of client-go's internal config types (so `users.NAME.act-as`, not `as`), where a
 * map key may itself contain dots (`clusters.10.0.0.1.server`): the key extends up to the next
 * part that names a field of the map's values.
 */
import { getOwn, setOwn } from '../../../../machinery/json/own-keys.js';
import { canonicalGoBase64 } from '../../../../machinery/go-base64.js';
import type { ConfigModel } from '../../../../sdk/config/types.js';
import { CONFIG as CONFIG_SCHEMA } from '../../../../sdk/types/schema/kubeconfig.js';
import { goStructName, goTypeName, scalarWire, type ListSchema, type StructSchema, type TypeSchema } from '../../../../machinery/schema/type-schema.js';
import { plainError } from './usage.js';
import { parseGoBool } from '../../../../machinery/go-bool.js';

/** A type of client-go's internal config types, with its Go name as kubectl's messages spell it. */
type Nav =
  | { k: 'struct'; go: string; fields: Record<string, { file: string; nav: Nav }> }
  | { k: 'map'; go: string; value: Nav }
  | { k: 'string' | 'bool' | 'bytes' | 'strings' | 'ptr' | 'opaqueMap'; go: string };

/**
 * kubectl navigates client-go's internal config types, which differ from the file's v1 types (the
 * one schema) in a few ways: the named lists are maps (`map[string]*api.Cluster`), extensions are
 * `map[string]runtime.Object`, the impersonation fields are called `act-as*`, and every struct
 * field but `preferences` is a pointer (`auth-provider`, `exec`), which the navigation does not enter.
 */
const INTERNAL_NAMES = new Map([['as', 'act-as'], ['as-uid', 'act-as-uid'], ['as-groups', 'act-as-groups'], ['as-user-extra', 'act-as-user-extra']]);

function internalName(schema: StructSchema): string {
  return `api.${goStructName(schema)}`;
}

/** The values of a named list (`[{name, cluster}]`: the cluster's type), when it is one. */
function namedValues(list: ListSchema): TypeSchema | undefined {
  if (list.items.kind !== 'struct') return undefined;
  const [value, more] = Object.keys(list.items.fields).filter((k) => k !== 'name');
  return value === undefined || more !== undefined ? undefined : list.items.fields[value];
}

function navOf(schema: TypeSchema): Nav {
  switch (schema.kind) {
    case 'struct': {
      const fields: Record<string, { file: string; nav: Nav }> = {};
      for (const [file, type] of Object.entries(schema.fields)) {
        const nav: Nav = type.kind === 'struct' && file !== 'preferences' ? { k: 'ptr', go: `*${internalName(type)}` } : navOf(type);
        fields[INTERNAL_NAMES.get(file) ?? file] = { file, nav };
      }
      return { k: 'struct', go: internalName(schema), fields };
    }
    case 'list': {
      const values = namedValues(schema);
      if (values?.kind === 'struct') return { k: 'map', go: `map[string]*${internalName(values)}`, value: navOf(values) };
      return values === undefined ? { k: 'strings', go: goTypeName(schema) } : { k: 'opaqueMap', go: 'map[string]runtime.Object' };
    }
    case 'scalar':
      return { k: scalarWire(schema) === 'bytes' ? 'bytes' : scalarWire(schema) === 'bool' ? 'bool' : 'string', go: goTypeName(schema) };
    default:
      return { k: 'opaqueMap', go: goTypeName(schema) };
  }
}

const CONFIG = navOf(CONFIG_SCHEMA);

interface Step {
  value: string;
  nav: Nav;
}

/** kubectl's `findNameStep`: a map key runs up to the first part naming a field of the values. */
function nameStep(parts: readonly string[], fields: Record<string, unknown>): string {
  if (parts.length === 0) return '';
  const known = parts.slice(1).findIndex((p) => Object.hasOwn(fields, p));
  return parts.slice(0, known < 0 ? parts.length : known + 1).join('.');
}

/** Parses PROPERTY_NAME into navigation steps (kubectl's `newNavigationSteps`). */
export function parsePropertyPath(path: string): Step[] {
  const parts = path.split('.');
  const steps: Step[] = [];
  let nav = CONFIG;
  let i = 0;
  while (i < parts.length) {
    if (nav.k === 'map' && nav.value.k === 'struct') {
      const name = nameStep(parts.slice(i), nav.value.fields);
      steps.push({ value: name, nav: nav.value });
      i += name.split('.').length;
      nav = nav.value;
    } else if (nav.k === 'struct') {
      const part = parts[i] as string;
      const field = Object.hasOwn(nav.fields, part) ? nav.fields[part] : undefined;
      if (field === undefined) {
        throw plainError(`unable to parse ${path} after [${steps.map((s) => `{${s.value} ${s.nav.go}}`).join(' ')}] at ${nav.go}`);
      }
      steps.push({ value: part, nav: field.nav });
      i++;
      nav = field.nav;
    } else if (nav.k === 'opaqueMap' && nav.go === 'map[string][]string') {
      throw plainError('string is not of type struct');
    } else {
      throw plainError(`unable to parse one or more field values of ${path}`);
    }
  }
  return steps;
}

/** A place a value lives: read and write it. */
interface Slot {
  nav: Nav;
  get(): unknown;
  set(v: unknown): void;
  clear(): void;
}

function objectSlot(owner: Record<string, unknown>, file: string, nav: Nav): Slot {
  return {
    nav,
    // Map keys come from the user's path: `__proto__` is a key like any other.
    get: () => getOwn(owner, file),
    set: (v) => setOwn(owner, file, v),
    clear: () => {
      delete owner[file];
    },
  };
}

/** The top-level fields of the merged model (the config struct). */
function configSlot(model: ConfigModel, field: string, nav: Nav): Slot {
  switch (field) {
    case 'current-context':
      return { nav, get: () => model.currentContext, set: (v) => (model.currentContext = String(v)), clear: () => (model.currentContext = '') };
    case 'preferences':
      return { nav, get: () => model.preferences, set: () => undefined, clear: () => (model.preferences = {}) };
    case 'clusters':
    case 'users':
    case 'contexts':
      return { nav, get: () => model[field], set: () => undefined, clear: () => model[field].clear() };
    case 'extensions':
      return { nav, get: () => model.extensions ?? [], set: () => undefined, clear: () => delete model.extensions };
    default:
      // kind and apiVersion are not stored in the merged model; kubectl never writes them either.
      return { nav, get: () => '', set: () => undefined, clear: () => undefined };
  }
}

/** Go's `strconv.ParseBool`, with kubectl's "empty is false". */
function toBool(text: string): boolean {
  if (text === '') return false;
  const value = parseGoBool(text);
  if (value !== undefined) return value;
  throw plainError(`strconv.ParseBool: parsing ${JSON.stringify(text)}: invalid syntax`);
}

function mapKeys(v: unknown): string {
  const keys = v instanceof Map ? [...v.keys()] : Array.isArray(v) ? v.map((e: { name?: unknown }) => String(e.name)) : Object.keys(v ?? {});
  return `map[${keys.join(' ')}]`;
}

/**
 * Sets (`value` defined) or unsets (`value` undefined) the property at `path` in `model`, with
 * kubectl's rules and messages (`--set-raw-bytes` stores bytes fields without base64 decoding).
 */
export function modifyProperty(model: ConfigModel, path: string, value: string | undefined, setRawBytes = false): void {
  const steps = parsePropertyPath(path);
  const unset = value === undefined;
  const root: Slot = { nav: CONFIG, get: () => model, set: () => undefined, clear: () => undefined };
  modify(root, 0);

  function modify(slot: Slot, index: number): void {
    const step = steps[index];
    const more = index + 1 < steps.length;
    const nav = slot.nav;
    switch (nav.k) {
      case 'struct': {
        const field = step === undefined ? undefined : nav.fields[step.value];
        if (step === undefined || field === undefined) throw plainError(`unable to locate path ${path}`);
        const owner = slot.get() as Record<string, unknown>;
        const child = nav === CONFIG ? configSlot(model, step.value, field.nav) : objectSlot(owner, field.file, field.nav);
        if (!more && unset) {
          child.clear();
          return;
        }
        modify(child, index + 1);
        return;
      }
      case 'map': {
        const map = slot.get() as Map<string, Record<string, unknown>>;
        if (!more && !unset) throw plainError(`can't set a map to a value: ${mapKeys(map)}`);
        const key = step?.value ?? '';
        if (!more && unset) {
          map.delete(key);
          return;
        }
        let entry = map.get(key);
        if (entry === undefined) {
          if (unset) throw plainError(`current map key \`${key}\` is invalid`);
          entry = {};
          map.set(key, entry);
        }
        const holder = entry;
        modify({ nav: nav.value, get: () => holder, set: () => undefined, clear: () => undefined }, index + 1);
        return;
      }
      case 'opaqueMap':
        if (!unset) throw plainError(`can't set a map to a value: ${mapKeys(slot.get())}`);
        slot.clear();
        return;
      case 'string':
        slot.set(value ?? '');
        return;
      case 'bool':
        slot.set(toBool(value ?? ''));
        return;
      case 'bytes': {
        if (unset) {
          slot.clear();
          return;
        }
        let encoded: string;
        if (setRawBytes) encoded = Buffer.from(value, 'utf8').toString('base64');
        else {
          try {
            encoded = canonicalGoBase64(value);
          } catch (err) {
            throw plainError(`error decoding input value: ${(err as Error).message}`);
          }
        }
        if (encoded === '') slot.clear();
        else slot.set(encoded);
        return;
      }
      case 'strings':
        throw plainError('unrecognized slice type. string');
      case 'ptr':
        throw plainError(`unable to parse one or more field values of ${path}`);
    }
  }
}
