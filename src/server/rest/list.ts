/**
 * LIST: the resourceVersion / resourceVersionMatch semantics of the API server (most recent, any,
 * not older than, exact), chunking with continue tokens that pin the list's version and expire,
 * `remainingItemCount` when no selector is used, and the 400/410/422/504 answers of each case.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import { GROUPS } from '../../sdk/naming.js';
import type { ServerContext } from '../context.js';
import { badRequest, expired } from '../errors.js';
import type { ResourceDef } from '../registry/types.js';
import { TooOldError } from '../storage/index.js';
import { fieldError, invalid, type FieldError } from '../validation/field-errors.js';
import { decodeContinue, encodeContinue } from './continue-token.js';
import { fromStorage, namespacePrefix } from './keys.js';
import { parseResourceVersion, waitForResourceVersion } from './resource-version.js';
import { compileSelection, type Selection } from './selection.js';

/** Query parameters of a list. */
export interface ListParams {
  labelSelector?: string | null;
  fieldSelector?: string | null;
  limit?: string | null;
  continue?: string | null;
  resourceVersion?: string | null;
  resourceVersionMatch?: string | null;
}

/** A list answer before it is wrapped into a `<Kind>List` or Table. */
export interface ListResult {
  items: JsonObject[];
  resourceVersion: string;
  continue: string;
  remainingItemCount?: number;
}

const EXPIRED_LIST = 'The resourceVersion for the provided list is too old.';
const INCONSISTENT_CONTINUE = 'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.';

/** 422 for ListOptions that contradict each other (ValidateListOptions). */
export function validateListOptions(params: ListParams): void {
  const errs: FieldError[] = [];
  const match = params.resourceVersionMatch ?? '';
  const rv = params.resourceVersion ?? '';
  if (match !== '') {
    if (rv === '') errs.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if ((params.continue ?? '') !== '') errs.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    if (match !== 'Exact' && match !== 'NotOlderThan') errs.push(fieldError.notSupported('resourceVersionMatch', match, ['Exact', 'NotOlderThan', '']));
    if (match === 'Exact' && rv === '0') errs.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
  }
  if (errs.length > 0) throw invalid({ group: GROUPS.meta, kind: 'ListOptions' }, '', errs);
}

/** Parses `limit` (non-numbers are 400s; zero and negatives mean no limit). */
export function parseLimit(value: string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  if (!/^-?\d+$/.test(value)) throw badRequest(`invalid limit: ${JSON.stringify(value)}`);
  const n = Number(value);
  return n > 0 ? n : 0;
}

/** Lists objects of `def` in `namespace` ('' = all namespaces). */
export async function listObjects(ctx: ServerContext, def: ResourceDef, namespace: string, params: ListParams, signal?: AbortSignal,
  selection?: Selection): Promise<ListResult> {
  validateListOptions(params);
  const sel = selection ?? compileSelection(def, params.labelSelector, params.fieldSelector);
  const limit = parseLimit(params.limit);
  const rv = parseResourceVersion(params.resourceVersion);
  const match = params.resourceVersionMatch ?? '';
  const continueText = params.continue ?? '';
  const now = ctx.now();
  let atRV: number | undefined;
  let startAfter: string | undefined;
  let issuedAt = now;
  let continuing = false;
  if (continueText !== '') {
    if (rv !== undefined && rv !== 0) throw badRequest('specifying resource version is not allowed when using continue');
    const token = decodeContinue(continueText);
    continuing = true;
    startAfter = token.startAfter;
    if (token.rv > 0) {
      const tooOld = token.rv < ctx.store.oldestRV() || now - token.issuedAt > ctx.options.continueTokenTtlMs;
      if (tooOld) throw expired(INCONSISTENT_CONTINUE, encodeContinue({ rv: -1, startAfter: token.startAfter, issuedAt: now }));
      atRV = token.rv;
      issuedAt = token.issuedAt;
    }
  } else if (rv !== undefined && rv > 0) {
    await waitForResourceVersion(ctx, rv, signal);
    if (match === 'Exact' || (match === '' && limit > 0)) atRV = rv;
  }
  const prefix = namespacePrefix(def, namespace);
  let result;
  try {
    result = await ctx.store.list(def.bucket, {
      ...(atRV !== undefined ? { atRV } : {}),
      ...(prefix !== undefined ? { keyPrefix: prefix } : {}),
      ...(startAfter !== undefined ? { startAfter } : {}),
      ...(limit > 0 ? { limit } : {}),
      ...(sel.empty ? {} : { filter: (v: JsonObject) => sel.matches(v) }),
    });
  } catch (e) {
    if (e instanceof TooOldError) {
      if (continuing && startAfter !== undefined) throw expired(INCONSISTENT_CONTINUE, encodeContinue({ rv: -1, startAfter, issuedAt: now }));
      throw expired(EXPIRED_LIST);
    }
    throw e;
  }
  const items = result.items.map((e) => fromStorage(def, e.value));
  const out: ListResult = { items, resourceVersion: String(result.rv), continue: '' };
  if (result.more && result.lastKey !== undefined) {
    out.continue = encodeContinue({ rv: result.rv, startAfter: result.lastKey, issuedAt });
    if (sel.empty && result.remaining !== undefined && result.remaining > 0) out.remainingItemCount = result.remaining;
  }
  return out;
}
