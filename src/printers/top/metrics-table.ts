/**
 * `top`'s tables (kubectl's TopCmdPrinter): CPU in millicores (`250m`), memory in MiB (`64Mi`),
 * node percentages of allocatable (truncated), NAMESPACE/POD columns as asked, `--sort-by`
 * cpu or memory (largest first, else by name), `--sum`, and `<unknown>` rows for nodes without
 * metrics.
 */
import { ZERO_QUANTITY, addQuantities, compareQuantities, scaledValue } from '../../machinery/quantity/arithmetic.js';
import { tryParseQuantity, type Quantity } from '../../machinery/quantity/parse.js';
import { TabWriter } from '../table/tabwriter.js';

/** Usage or capacity by resource name (`cpu`, `memory`) as quantity text. */
export type ResourceList = Record<string, string | undefined>;

/** One PodMetrics' worth. */
export interface PodUsage {
  namespace: string;
  name: string;
  containers: { name: string; usage: ResourceList }[];
}

/** One NodeMetrics' worth. */
export interface NodeUsage {
  name: string;
  usage: ResourceList;
}

const RESOURCES = ['cpu', 'memory'] as const;

function q(text: string | undefined): Quantity {
  return tryParseQuantity(text ?? '0') ?? ZERO_QUANTITY;
}

/** `Quantity.MilliValue()`: rounded up. */
function milli(x: Quantity): bigint {
  return scaledValue(x, -3);
}

/** `Quantity.Value()`: rounded up. */
function whole(x: Quantity): bigint {
  return scaledValue(x, 0);
}

function cell(resource: string, x: Quantity): string {
  return resource === 'cpu' ? `${milli(x)}m` : `${whole(x) / (1024n * 1024n)}Mi`;
}

function sum(list: readonly { usage: ResourceList }[], resource: string): Quantity {
  return list.reduce<Quantity>((acc, c) => addQuantities(acc, q(c.usage[resource])), ZERO_QUANTITY);
}

function cmpDesc(a: Quantity, b: Quantity): number {
  return compareQuantities(b, a);
}

function byName(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function usageCells(usage: Record<string, Quantity>, available?: ResourceList): string {
  let out = '';
  for (const r of RESOURCES) {
    const x = usage[r] ?? ZERO_QUANTITY;
    out += `${cell(r, x)}\t`;
    const cap = available?.[r];
    if (available !== undefined && cap !== undefined) {
      const pct = Number(milli(x)) / Number(milli(q(cap))) * 100;
      out += `${Math.trunc(pct)}%\t`;
    }
  }
  return out;
}

/** Options of {@link formatPodMetrics}. */
export interface PodTableOptions {
  containers: boolean;
  withNamespace: boolean;
  noHeaders: boolean;
  sortBy: '' | 'cpu' | 'memory';
  sum: boolean;
}

/** `PrintPodMetrics`. */
export function formatPodMetrics(pods: readonly PodUsage[], o: PodTableOptions): string {
  if (pods.length === 0) return '';
  const w = new TabWriter();
  let width = 3;
  if (!o.noHeaders) {
    let header = '';
    if (o.withNamespace) {
      header += 'NAMESPACE\t';
      width++;
    }
    if (o.containers) {
      header += 'POD\t';
      width++;
    }
    w.write(`${header}NAME\tCPU(cores)\tMEMORY(bytes)\t\n`);
  }
  const totals = (p: PodUsage): Record<string, Quantity> => ({ cpu: sum(p.containers, 'cpu'), memory: sum(p.containers, 'memory') });
  const sorted = [...pods].sort((a, b) => {
    if (o.sortBy !== '') return cmpDesc(totals(a)[o.sortBy] ?? q('0'), totals(b)[o.sortBy] ?? q('0'));
    if (o.withNamespace && a.namespace !== b.namespace) return byName(a.namespace, b.namespace);
    return byName(a.name, b.name);
  });
  for (const p of sorted) {
    const ns = o.withNamespace ? `${p.namespace}\t` : '';
    if (o.containers) {
      const containers = [...p.containers].sort((a, b) => (o.sortBy !== '' ? cmpDesc(q(a.usage[o.sortBy]), q(b.usage[o.sortBy])) : byName(a.name, b.name)));
      for (const c of containers) w.write(`${ns}${p.name}\t${c.name}\t${usageCells({ cpu: q(c.usage.cpu), memory: q(c.usage.memory) })}\n`);
    } else {
      w.write(`${ns}${p.name}\t${usageCells(totals(p))}\n`);
    }
  }
  if (o.sum) {
    const all = pods.flatMap((p) => p.containers);
    w.write(`${'\t'.repeat(Math.max(0, width - 2))}________\t________\t\n`);
    w.write(`${'\t'.repeat(Math.max(0, width - 3))}\t${usageCells({ cpu: sum(all, 'cpu'), memory: sum(all, 'memory') })}\n`);
  }
  w.flush();
  return w.take();
}

/** `PrintNodeMetrics`: metrics rows, then `<unknown>` rows for nodes without metrics. */
export function formatNodeMetrics(nodes: readonly NodeUsage[], available: ReadonlyMap<string, ResourceList>, noHeaders: boolean, sortBy: '' | 'cpu' | 'memory'): string {
  if (nodes.length === 0) return '';
  const w = new TabWriter();
  if (!noHeaders) w.write('NAME\tCPU(cores)\tCPU(%)\tMEMORY(bytes)\tMEMORY(%)\t\n');
  const sorted = [...nodes].sort((a, b) => (sortBy !== '' ? cmpDesc(q(a.usage[sortBy]), q(b.usage[sortBy])) : byName(a.name, b.name)));
  const missing = new Map(available);
  for (const n of sorted) {
    w.write(`${n.name}\t${usageCells({ cpu: q(n.usage.cpu), memory: q(n.usage.memory) }, available.get(n.name) ?? {})}\n`);
    missing.delete(n.name);
  }
  for (const name of [...missing.keys()].sort()) w.write(`${name}\t<unknown>\t<unknown>\t<unknown>\t<unknown>\t\n`);
  w.flush();
  return w.take();
}
