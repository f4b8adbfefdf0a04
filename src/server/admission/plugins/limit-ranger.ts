/**
 * LimitRanger: the LimitRange objects of a namespace give containers of new pods their default
 * requests and limits, and refuse pods and claims outside their min, max and max limit/request
 * ratio, with the API server's texts (`maximum cpu usage per Container is 1, but limit is 2`).
 */
import type { Container, LimitRangeItem, PodSpec } from '../../../sdk/types/generated/core-v1.js';
import type { ServerCore } from '../../context.js';
import { forbidden } from '../../errors.js';
import { storedAs } from '../../registry/kind-def.js';
import { assignOwn, getOwn, setKey } from '../../util/json.js';
import { formatMilliQuantity, parseMilliQuantity } from '../quota/quantity.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { onWrittenPod, podSpec, writtenPod } from './pod-target.js';

/** Resource quantities by resource name (requests, limits, an item's min and max). */
type Quantities = Record<string, string | number>;

async function items(ctx: ServerCore, namespace: string, type: string): Promise<LimitRangeItem[]> {
  const def = ctx.registry.servedKind('v1', 'LimitRange');
  if (def === undefined) return [];
  const { items: ranges } = await ctx.store.list(def.bucket, { keyPrefix: `${namespace}/` });
  return ranges.flatMap((e) => storedAs(def, e.value).spec?.limits ?? []).filter((item) => item.type === type);
}

function resources(c: Container, kind: 'requests' | 'limits'): Quantities {
  return c.resources?.[kind] ?? {};
}

function containers(spec: Partial<PodSpec>): Container[] {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
}

/** Checks one set of requests/limits against an item; returns kube's texts. */
function check(item: LimitRangeItem, what: string, requests: Quantities, limits: Quantities): string[] {
  const errs: string[] = [];
  const q = (v: unknown): bigint | undefined => parseMilliQuantity(v)?.milli;
  for (const [r, min] of Object.entries(item.min ?? {})) {
    const req = q(requests[r]);
    const lim = q(limits[r]);
    const m = q(min) ?? 0n;
    if (req === undefined) errs.push(`minimum ${r} usage per ${what} is ${String(min)}.  No request is specified`);
    else if (req < m) errs.push(`minimum ${r} usage per ${what} is ${String(min)}, but request is ${String(requests[r])}`);
    if (lim !== undefined && lim < m) errs.push(`minimum ${r} usage per ${what} is ${String(min)}, but limit is ${String(limits[r])}`);
  }
  for (const [r, max] of Object.entries(item.max ?? {})) {
    const lim = q(limits[r]);
    const req = q(requests[r]);
    const m = q(max) ?? 0n;
    if (lim === undefined) errs.push(`maximum ${r} usage per ${what} is ${String(max)}.  No limit is specified`);
    else if (lim > m) errs.push(`maximum ${r} usage per ${what} is ${String(max)}, but limit is ${String(limits[r])}`);
    if (req !== undefined && req > m) errs.push(`maximum ${r} usage per ${what} is ${String(max)}, but request is ${String(requests[r])}`);
  }
  for (const [r, ratio] of Object.entries(item.maxLimitRequestRatio ?? {})) {
    const lim = q(limits[r]);
    const req = q(requests[r]);
    if (lim === undefined || req === undefined || req === 0n) continue;
    const actual = Number(lim) / Number(req);
    const allowed = Number(q(ratio) ?? 0n) / 1000;
    if (actual > allowed) errs.push(`${r} max limit to request ratio per ${what} is ${String(ratio)}, but provided ratio is ${actual.toFixed(6)}`);
  }
  return errs;
}

function sum(cs: Container[], kind: 'requests' | 'limits'): Quantities {
  const totals = new Map<string, { milli: bigint; binary: boolean }>();
  for (const c of cs) for (const [r, v] of Object.entries(resources(c, kind))) {
    const p = parseMilliQuantity(v);
    if (p === undefined) continue;
    const t = totals.get(r) ?? { milli: 0n, binary: p.binary };
    t.milli += p.milli;
    totals.set(r, t);
  }
  const out: Quantities = {};
  for (const [r, t] of totals) out[r] = formatMilliQuantity(t.milli, t.binary);
  return out;
}

function refuse(attrs: AdmissionAttributes, errs: string[]): never {
  const text = errs.length === 1 ? errs[0] ?? '' : `[${errs.join(', ')}]`;
  throw forbidden({ group: attrs.def.group, resource: attrs.def.plural }, attrs.name, text);
}

/** Creates the plugin. */
export function limitRangerPlugin(ctx: ServerCore): AdmissionPlugin {
  const pods = ctx.registry.kind('v1', 'Pod');
  return {
    name: 'LimitRanger',
    admit: onWrittenPod(pods, async (pod, attrs) => {
      const ranges = await items(ctx, attrs.namespace, 'Container');
      if (ranges.length === 0) return;
      const defaults: { requests: Quantities; limits: Quantities } = { requests: {}, limits: {} };
      for (const item of ranges) {
        assignOwn(defaults.requests, item.defaultRequest ?? {});
        assignOwn(defaults.limits, item.default ?? {});
      }
      const annotations: string[] = [];
      const spec = podSpec(pod);
      const apply = (c: Container, prefix: string): void => {
        const res = c.resources ?? {};
        for (const kind of ['requests', 'limits'] as const) {
          const current = res[kind] ?? {};
          const set: string[] = [];
          for (const [r, v] of Object.entries(defaults[kind])) {
            if (v !== undefined && getOwn(current, r) === undefined) {
              setKey(current, r, v);
              set.push(r);
            }
          }
          if (Object.keys(current).length > 0) res[kind] = current;
          if (set.length > 0) annotations.push(`${set.sort().join(', ')} ${kind === 'requests' ? 'request' : 'limit'} for ${prefix} ${c.name ?? ''}`);
        }
        if (Object.keys(res).length > 0) c.resources = res;
      };
      for (const c of spec.initContainers ?? []) apply(c, 'init container');
      for (const c of spec.containers ?? []) apply(c, 'container');
      if (annotations.length > 0) {
        const meta = pod.metadata ?? {};
        pod.metadata = meta;
        const ann = meta.annotations ?? {};
        ann['platform.io/limit-ranger'] = `LimitRanger plugin set: ${annotations.join('; ')}`;
        meta.annotations = ann;
      }
    }),
    async validate(attrs) {
      if ((attrs.operation !== 'CREATE' && attrs.operation !== 'UPDATE') || attrs.subresource !== '' || attrs.object === undefined) return;
      const d = attrs.def;
      const errs: string[] = [];
      const pod = writtenPod(pods, attrs);
      if (pod !== undefined) {
        const spec = podSpec(pod);
        for (const item of await items(ctx, attrs.namespace, 'Container')) {
          for (const c of containers(spec)) errs.push(...check(item, 'Container', resources(c, 'requests'), resources(c, 'limits')));
        }
        for (const item of await items(ctx, attrs.namespace, 'Pod')) {
          const cs = containers(spec);
          errs.push(...check(item, 'Pod', sum(cs, 'requests'), sum(cs, 'limits')));
        }
      } else if (d.group === '' && d.plural === 'persistentvolumeclaims' && attrs.operation === 'CREATE') {
        const res = storedAs(ctx.registry.kind('v1', 'PersistentVolumeClaim'), attrs.object).spec?.resources ?? {};
        for (const item of await items(ctx, attrs.namespace, 'PersistentVolumeClaim')) {
          errs.push(...check(item, 'PersistentVolumeClaim', res.requests ?? {}, res.limits ?? {}).filter((e) => !e.includes('No limit is specified')));
        }
      }
      if (errs.length > 0) refuse(attrs, errs);
    },
  };
}
