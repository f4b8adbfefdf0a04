/**
 * LimitRanger: the LimitRange objects of a namespace give containers of new pods their default
 * requests and limits, and refuse pods and claims outside their min, max and max limit/request
 * ratio, with the API server's texts (`maximum cpu usage per Container is 1, but limit is 2`).
 */
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { ServerCore } from '../../context.js';
import { forbidden } from '../../errors.js';
import { asArray, asObject, asString, assignOwn, getOwn, setKey } from '../../util/json.js';
import { formatMilliQuantity, parseMilliQuantity } from '../quota/quantity.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../types.js';
import { isPodWrite, podSpec } from './pod-target.js';

async function items(ctx: ServerCore, namespace: string, type: string): Promise<JsonObject[]> {
  const def = ctx.registry.lookup('', 'v1', 'limitranges');
  if (def === undefined) return [];
  const { items: ranges } = await ctx.store.list(def.bucket, { keyPrefix: `${namespace}/` });
  const out: JsonObject[] = [];
  for (const e of ranges) for (const l of asArray(asObject(e.value.spec)?.limits) ?? []) {
    const item = asObject(l);
    if (item?.type === type) out.push(item);
  }
  return out;
}

function resources(c: JsonObject, kind: 'requests' | 'limits'): JsonObject {
  return asObject(asObject(c.resources)?.[kind]) ?? {};
}

function containers(spec: JsonObject): JsonObject[] {
  return [...(asArray(spec.initContainers) ?? []), ...(asArray(spec.containers) ?? [])].map((c) => asObject(c) ?? {});
}

/** Checks one set of requests/limits against an item; returns kube's texts. */
function check(item: JsonObject, what: string, requests: JsonObject, limits: JsonObject): string[] {
  const errs: string[] = [];
  const q = (v: unknown): bigint | undefined => parseMilliQuantity(v)?.milli;
  for (const [r, min] of Object.entries(asObject(item.min) ?? {})) {
    const req = q(requests[r]);
    const lim = q(limits[r]);
    const m = q(min) ?? 0n;
    if (req === undefined) errs.push(`minimum ${r} usage per ${what} is ${String(min)}.  No request is specified`);
    else if (req < m) errs.push(`minimum ${r} usage per ${what} is ${String(min)}, but request is ${String(requests[r])}`);
    if (lim !== undefined && lim < m) errs.push(`minimum ${r} usage per ${what} is ${String(min)}, but limit is ${String(limits[r])}`);
  }
  for (const [r, max] of Object.entries(asObject(item.max) ?? {})) {
    const lim = q(limits[r]);
    const req = q(requests[r]);
    const m = q(max) ?? 0n;
    if (lim === undefined) errs.push(`maximum ${r} usage per ${what} is ${String(max)}.  No limit is specified`);
    else if (lim > m) errs.push(`maximum ${r} usage per ${what} is ${String(max)}, but limit is ${String(limits[r])}`);
    if (req !== undefined && req > m) errs.push(`maximum ${r} usage per ${what} is ${String(max)}, but request is ${String(requests[r])}`);
  }
  for (const [r, ratio] of Object.entries(asObject(item.maxLimitRequestRatio) ?? {})) {
    const lim = q(limits[r]);
    const req = q(requests[r]);
    if (lim === undefined || req === undefined || req === 0n) continue;
    const actual = Number(lim) / Number(req);
    const allowed = Number(q(ratio) ?? 0n) / 1000;
    if (actual > allowed) errs.push(`${r} max limit to request ratio per ${what} is ${String(ratio)}, but provided ratio is ${actual.toFixed(6)}`);
  }
  return errs;
}

function sum(cs: JsonObject[], kind: 'requests' | 'limits'): JsonObject {
  const totals = new Map<string, { milli: bigint; binary: boolean }>();
  for (const c of cs) for (const [r, v] of Object.entries(resources(c, kind))) {
    const p = parseMilliQuantity(v);
    if (p === undefined) continue;
    const t = totals.get(r) ?? { milli: 0n, binary: p.binary };
    t.milli += p.milli;
    totals.set(r, t);
  }
  const out: JsonObject = {};
  for (const [r, t] of totals) out[r] = formatMilliQuantity(t.milli, t.binary);
  return out;
}

function refuse(attrs: AdmissionAttributes, errs: string[]): never {
  const text = errs.length === 1 ? errs[0] ?? '' : `[${errs.join(', ')}]`;
  throw forbidden({ group: attrs.def.group, resource: attrs.def.plural }, attrs.name, text);
}

/** Creates the plugin. */
export function limitRangerPlugin(ctx: ServerCore): AdmissionPlugin {
  return {
    name: 'LimitRanger',
    async admit(attrs) {
      if (!isPodWrite(attrs) || attrs.object === undefined) return;
      const ranges = await items(ctx, attrs.namespace, 'Container');
      if (ranges.length === 0) return;
      const defaults: { requests: JsonObject; limits: JsonObject } = { requests: {}, limits: {} };
      for (const item of ranges) {
        assignOwn(defaults.requests, asObject(item.defaultRequest) ?? {});
        assignOwn(defaults.limits, asObject(item.default) ?? {});
      }
      const annotations: string[] = [];
      const spec = podSpec(attrs.object);
      const apply = (c: JsonObject, prefix: string): void => {
        const res = asObject(c.resources) ?? {};
        for (const kind of ['requests', 'limits'] as const) {
          const current = asObject(res[kind]) ?? {};
          const set: string[] = [];
          for (const [r, v] of Object.entries(defaults[kind])) {
            if (v !== undefined && getOwn(current, r) === undefined) {
              setKey(current, r, v);
              set.push(r);
            }
          }
          if (Object.keys(current).length > 0) res[kind] = current;
          if (set.length > 0) annotations.push(`${set.sort().join(', ')} ${kind === 'requests' ? 'request' : 'limit'} for ${prefix} ${asString(c.name) ?? ''}`);
        }
        if (Object.keys(res).length > 0) c.resources = res;
      };
      for (const c of asArray(spec.initContainers) ?? []) apply(asObject(c) ?? {}, 'init container');
      for (const c of asArray(spec.containers) ?? []) apply(asObject(c) ?? {}, 'container');
      if (annotations.length > 0) {
        const meta = asObject(attrs.object.metadata) ?? {};
        attrs.object.metadata = meta;
        const ann = asObject(meta.annotations) ?? {};
        ann['platform.io/limit-ranger'] = `LimitRanger plugin set: ${annotations.join('; ')}`;
        meta.annotations = ann;
      }
    },
    async validate(attrs) {
      if ((attrs.operation !== 'CREATE' && attrs.operation !== 'UPDATE') || attrs.subresource !== '' || attrs.object === undefined) return;
      const d = attrs.def;
      const errs: string[] = [];
      if (isPodWrite(attrs, ['CREATE'])) {
        const spec = podSpec(attrs.object);
        for (const item of await items(ctx, attrs.namespace, 'Container')) {
          for (const c of containers(spec)) errs.push(...check(item, 'Container', resources(c, 'requests'), resources(c, 'limits')));
        }
        for (const item of await items(ctx, attrs.namespace, 'Pod')) {
          const cs = containers(spec);
          errs.push(...check(item, 'Pod', sum(cs, 'requests'), sum(cs, 'limits')));
        }
      } else if (d.group === '' && d.plural === 'persistentvolumeclaims' && attrs.operation === 'CREATE') {
        const res = asObject(asObject(attrs.object.spec)?.resources) ?? {};
        for (const item of await items(ctx, attrs.namespace, 'PersistentVolumeClaim')) {
          errs.push(...check(item, 'PersistentVolumeClaim', asObject(res.requests) ?? {}, asObject(res.limits) ?? {}).filter((e) => !e.includes('No limit is specified')));
        }
      }
      if (errs.length > 0) refuse(attrs, errs);
    },
  };
}
