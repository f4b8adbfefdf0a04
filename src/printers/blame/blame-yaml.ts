/**
 * `blame`'s text: the object as `get -o yaml` prints it (keys in the same order, values quoted the
 * same way), each line led by who owns that field: the manager(s), the operation and when. A
 * field that no manager owns is marked `(nobody)`; the lines of maps and lists that no manager
 * claimed as a whole carry no mark (their fields do).
 */
import type { FieldOwner, OwnedField } from '../../sdk/types/field-ownership.js';
import type { JsonValue } from '../../sdk/types/meta.js';
import { compareYamlKeys, toYaml } from '../../machinery/yaml/emit.js';

/** Options of {@link blameYaml}. */
export interface BlameYamlOptions {
  /** Only the fields this manager owns (and the lines that lead to them). */
  manager?: string | undefined;
  /** Only the node at this path (`spec.replicas`, `.spec.template`, `spec.containers[0]`) and below. */
  field?: string | undefined;
}

/** The mark of a node without owners. */
export const NOBODY = '(nobody)';

interface Node {
  field: OwnedField | undefined;
  children: Map<string | number, Node>;
}

function key(path: readonly (string | number)[]): string {
  return JSON.stringify(path);
}

/** `.spec.replicas` and `spec.replicas` are the same path. */
export function normalizeFieldPath(path: string): string {
  return path.startsWith('.') ? path.slice(1) : path;
}

/** True when `path` is `field` or lies below it (`spec.replicas` is within `spec`, `spec.replicasX` is not). */
export function withinField(path: string, field: string): boolean {
  return path === field || path.startsWith(`${field}.`) || path.startsWith(`${field}[`);
}

function ownerText(owners: readonly FieldOwner[]): [string, string, string] {
  if (owners.length === 0) return [NOBODY, '', ''];
  const managers = owners.map((o) => (o.subresource === undefined ? o.manager : `${o.manager} (${o.subresource})`));
  const operations = [...new Set(owners.map((o) => o.operation))];
  const times = owners.map((o) => o.time ?? '').filter((t) => t !== '').sort();
  return [managers.join(', '), operations.join(', '), times[times.length - 1] ?? ''];
}

/** The YAML text of a scalar or empty collection under a map key or as a list item. */
function scalarLines(label: string | number, value: JsonValue): string[] {
  const text = typeof label === 'number' ? toYaml([value]) : toYaml({ [label]: value });
  return text.replace(/\n$/, '').split('\n');
}

/** Renders the blame of an object's fields (from `fieldOwnership`). */
export function blameYaml(fields: readonly OwnedField[], options: BlameYamlOptions = {}): string {
  const root: Node = { field: undefined, children: new Map() };
  const nodes = new Map<string, Node>([[key([]), root]]);
  for (const f of fields) {
    const node: Node = { field: f, children: new Map() };
    nodes.set(key(f.path), node);
    nodes.get(key(f.path.slice(0, -1)))?.children.set(f.path[f.path.length - 1] as string | number, node);
  }
  const wanted = options.field === undefined ? undefined : normalizeFieldPath(options.field);
  const owned = (f: OwnedField): boolean => options.manager === undefined || f.owners.some((o) => o.manager === options.manager);
  const inField = (f: OwnedField): boolean => wanted === undefined || withinField(f.pathText, wanted);
  const keep = (n: Node): boolean => {
    const f = n.field;
    if (f !== undefined) {
      // Neither inside the field asked for nor on the way to it.
      if (!inField(f) && (wanted === undefined || !withinField(wanted, f.pathText))) return false;
      if (f.leaf) return inField(f) && owned(f);
      if (options.manager !== undefined && inField(f) && owned(f)) return true;
    }
    return [...n.children.values()].some(keep);
  };

  const rows: [string, string, string, string][] = [];
  const emit = (owners: readonly FieldOwner[] | undefined, line: string): void => {
    rows.push(owners === undefined ? ['', '', '', line] : [...ownerText(owners), line]);
  };
  const render = (n: Node, indent: string, firstPrefix: string): void => {
    const entries = [...n.children.entries()].filter(([, c]) => keep(c));
    if (typeof entries[0]?.[0] === 'string') entries.sort(([a], [b]) => compareYamlKeys(String(a), String(b)));
    entries.forEach(([label, child], i) => {
      const f = child.field as OwnedField;
      const prefix = i === 0 ? firstPrefix : indent;
      const owners = f.leaf || f.owners.length > 0 ? f.owners : undefined;
      if (f.leaf) {
        const [first, ...rest] = scalarLines(label, f.value);
        emit(owners, `${prefix}${first ?? ''}`);
        for (const line of rest) emit(undefined, `${indent}${line}`);
        return;
      }
      if (typeof label === 'number') {
        // A list item that is a map or list: its first line goes after the dash, and carries the item's owners.
        const start = rows.length;
        render(child, `${indent}  `, `${prefix}- `);
        const first = rows[start];
        if (owners !== undefined && first !== undefined && first[0] === '') [first[0], first[1], first[2]] = ownerText(owners);
        return;
      }
      emit(owners, `${prefix}${toYaml({ [label]: {} }).trimEnd().replace(/ \{\}$/, '')}`);
      const childIsList = Array.isArray(f.value);
      render(child, childIsList ? indent : `${indent}  `, childIsList ? indent : `${indent}  `);
    });
  };
  render(root, '', '');
  const widths = [0, 1, 2].map((c) => Math.max(0, ...rows.map((r) => r[c]?.length ?? 0)));
  return rows.map((r) => `${[0, 1, 2].map((c) => (r[c] ?? '').padEnd(widths[c] ?? 0)).join('  ')}  ${r[3]}`.trimEnd()).join('\n') + (rows.length > 0 ? '\n' : '');
}
