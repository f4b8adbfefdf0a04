/**
 * Query parameters and bodies of mutating requests: `dryRun` (only `All`), `fieldManager`, `force`,
 * and DeleteOptions from the body and the query.
 */
import type { JsonObject, JsonValue } from '../../sdk/types/meta.js';
import { GROUPS } from '../../sdk/naming.js';
import { badRequest } from '../errors.js';
import { defaultManager, validateFieldManager } from '../fieldmanager/index.js';
import type { DeleteParams } from '../rest/delete.js';
import { asObject, asString } from '../util/json.js';
import { queryBool } from '../request/query-bool.js';
import { fieldError, invalid } from '../validation/field-errors.js';
import { numericValue } from '../../machinery/json-numbers.js';

/** `dryRun`: absent or `All`; any other value is refused (400). */
export function parseDryRun(query: URLSearchParams, optionsKind: string, bodyDryRun?: JsonValue): boolean {
  const values = query.getAll('dryRun');
  if (Array.isArray(bodyDryRun)) for (const v of bodyDryRun) values.push(typeof v === 'string' ? v : String(v));
  const bad = values.filter((v) => v !== 'All');
  if (bad.length > 0) {
    const list = values.map((v) => JSON.stringify(v)).join(', ');
    throw badRequest(`${optionsKind}.${GROUPS.meta} "" is invalid: dryRun: Unsupported value: []string{${list}}: supported values: "All"`);
  }
  return values.includes('All');
}

/** The field manager of a write: the query's, or one derived from the user agent (not for apply). */
export function fieldManagerOf(query: URLSearchParams, userAgent: string | undefined, isApply: boolean): string {
  const given = query.get('fieldManager');
  if (given !== null && given !== '') {
    const problem = validateFieldManager(given);
    if (problem !== undefined) {
      throw invalid({ group: GROUPS.meta, kind: isApply ? 'PatchOptions' : 'UpdateOptions' }, '', [{ type: 'FieldValueInvalid', field: 'fieldManager', rawBody: problem }]);
    }
    return given;
  }
  return isApply ? '' : defaultManager(userAgent);
}

/** `force` (apply only; 422 on other patch types, as ValidatePatchOptions answers). */
export function parseForce(query: URLSearchParams, isApply: boolean): boolean {
  const v = query.get('force');
  if (v === null) return false;
  if (!isApply) {
    throw invalid({ group: GROUPS.meta, kind: 'PatchOptions' }, '', [fieldError.forbidden('force', 'may not be specified for non-apply patch')]);
  }
  return queryBool(v) === true;
}

function parseIntParam(v: string | null, name: string): number | undefined {
  if (v === null || v === '') return undefined;
  if (!/^-?\d+$/.test(v)) throw badRequest(`invalid ${name}: ${JSON.stringify(v)}`);
  return Number(v);
}

/** DeleteOptions from the body merged with the query (the query wins, as the API server decodes it). */
export function parseDeleteParams(query: URLSearchParams, body: JsonObject | undefined): { params: DeleteParams; dryRunBody: JsonValue | undefined; options: JsonObject } {
  const params: DeleteParams = {};
  const b = body ?? {};
  const grace = numericValue(b.gracePeriodSeconds);
  if (grace !== undefined) params.gracePeriodSeconds = grace;
  const pp = asString(b.propagationPolicy);
  if (pp !== undefined) params.propagationPolicy = pp;
  if (typeof b.orphanDependents === 'boolean') params.orphanDependents = b.orphanDependents;
  const pre = asObject(b.preconditions);
  if (pre !== undefined) {
    const p: { uid?: string; resourceVersion?: string } = {};
    const uid = asString(pre.uid);
    const rv = asString(pre.resourceVersion);
    if (uid !== undefined) p.uid = uid;
    if (rv !== undefined) p.resourceVersion = rv;
    params.preconditions = p;
  }
  const g = parseIntParam(query.get('gracePeriodSeconds'), 'gracePeriodSeconds');
  if (g !== undefined) params.gracePeriodSeconds = g;
  const qpp = query.get('propagationPolicy');
  if (qpp !== null && qpp !== '') params.propagationPolicy = qpp;
  const orphan = queryBool(query.get('orphanDependents'));
  if (orphan !== undefined) params.orphanDependents = orphan;
  const options: JsonObject = { kind: 'DeleteOptions', apiVersion: `${GROUPS.meta}/v1` };
  if (params.gracePeriodSeconds !== undefined) options.gracePeriodSeconds = params.gracePeriodSeconds;
  if (params.propagationPolicy !== undefined) options.propagationPolicy = params.propagationPolicy;
  return { params, dryRunBody: b.dryRun, options };
}
