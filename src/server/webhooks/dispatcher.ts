/**
 * MutatingAdmissionWebhook and ValidatingAdmissionWebhook: find the webhooks that apply, refuse a
 * dry run for webhooks with side effects, call them (mutating in order with one reinvocation round
 * for `reinvocationPolicy: IfNeeded`, validating in parallel), apply JSON patches, and turn denials
 * and failures into the API server's errors, with `failurePolicy` deciding on call failures.
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { AdmissionAttributes, AdmissionPlugin } from '../admission/types.js';
import { addAuditAnnotation, addWarning } from '../audit/request-scope.js';
import type { ServerCore } from '../context.js';
import { ApiError, badRequest, internalError } from '../errors.js';
import { decodeBuiltin } from '../field-validation/index.js';
import { applyJsonPatch } from '../patch/index.js';
import { assignOwn } from '../../machinery/json/values.js';
import { jsonEqual } from '../../machinery/json/equal.js';
import type { ResourceDef } from '../registry/types.js';
import { asNumber, asObject, asString } from '../util/json.js';
import { postReview, resolveTarget } from './client.js';
import { NO_CREDENTIALS, type CredentialResolver } from './credentials.js';
import { matchedDef, namespaceSelectorMatches, objectSelectorMatches } from './match.js';
import { buildReview, reviewVersion, verifyResponse } from './review.js';
import { WebhookSource } from './source.js';
import type { WebhookEntry } from './types.js';
import { DOMAIN } from '../../sdk/naming.js';

/** How the dispatcher reaches webhooks. */
export interface WebhookCallOptions {
  /** `<namespace>/<name>` of a service → `host:port` to connect to. */
  serviceAddresses?: Record<string, string>;
  /** Credentials by webhook host. */
  credentials?: CredentialResolver;
}

/** A webhook that applies to a request, with the version it sees the request in. */
interface Invocation {
  entry: WebhookEntry;
  matched: ResourceDef;
}

/** `admission webhook "x" denied the request: <message>` with the webhook's code (at least 400). */
function denial(entry: WebhookEntry, status: JsonObject | undefined): ApiError {
  const deniedBy = `admission webhook "${entry.name}" denied the request`;
  let code = asNumber(status?.code) ?? 0;
  if (code < 400) code = 400;
  const message = asString(status?.message) ?? '';
  const reason = asString(status?.reason) ?? '';
  const text = message !== '' ? `${deniedBy}: ${message}` : reason !== '' ? `${deniedBy}: ${reason}` : `${deniedBy} without explanation`;
  const details = asObject(status?.details);
  return new ApiError(code, reason, text, details === undefined ? undefined : structuredClone(details));
}

function callFailure(entry: WebhookEntry, why: string): Error {
  return new CallFailed(`failed calling webhook "${entry.name}": ${why}`);
}

class CallFailed extends Error {}

async function applicable(ctx: ServerCore, source: WebhookSource, attrs: AdmissionAttributes): Promise<Invocation[]> {
  const entries = await source.webhooks();
  if (entries.length === 0) return [];
  const equivalents = ctx.registry.all();
  const nsDef = ctx.registry.lookup('', 'v1', 'namespaces');
  const lookupNamespace = async (name: string): Promise<JsonObject | undefined> => {
    if (nsDef === undefined) return undefined;
    const e = await ctx.store.get(nsDef.bucket, name);
    return e?.value;
  };
  const out: Invocation[] = [];
  for (const entry of entries) {
    const matched = matchedDef(entry.hook, attrs, equivalents);
    if (matched === undefined) continue;
    if (!(await namespaceSelectorMatches(entry.hook, attrs, lookupNamespace))) continue;
    if (!objectSelectorMatches(entry.hook, attrs)) continue;
    out.push({ entry, matched });
  }
  return out;
}

/** Calls one webhook; returns its checked answer when it allows the request, else throws its denial, CallFailed or an ApiError. */
async function call(inv: Invocation, attrs: AdmissionAttributes, opts: WebhookCallOptions) {
  const { entry } = inv;
  const hook = entry.hook;
  if (attrs.dryRun && !['None', 'NoneOnDryRun'].includes(hook.sideEffects)) {
    throw badRequest(`admission webhook "${entry.name}" does not support dry run`);
  }
  const version = reviewVersion(hook);
  if (version === undefined) {
    throw callFailure(entry, `webhook does not accept known AdmissionReview versions: ${JSON.stringify(hook.admissionReviewVersions ?? [])}`);
  }
  const timeout = hook.timeoutSeconds ?? 10;
  const { clientConfig } = hook;
  const { uid, review } = buildReview(version, attrs, inv.matched);
  let answer: unknown;
  try {
    const target = resolveTarget(clientConfig, timeout, opts.serviceAddresses ?? {});
    answer = await postReview(target, clientConfig.caBundle, timeout, opts.credentials ?? NO_CREDENTIALS, review);
  } catch (e) {
    throw callFailure(entry, `failed to call webhook: ${e instanceof Error ? e.message : String(e)}`);
  }
  let result: ReturnType<typeof verifyResponse>;
  try {
    result = verifyResponse(uid, version, entry.mutating, answer);
    for (const w of result.warnings) addWarning(attrs.record, w);
    for (const [k, v] of Object.entries(result.auditAnnotations)) addAuditAnnotation(attrs.record, `${entry.name}/${k}`, v);
  } catch (e) {
    throw callFailure(entry, `received invalid webhook response: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!result.allowed) throw denial(entry, result.status);
  return result;
}

/** Applies failurePolicy to a call failure: Ignore swallows it, Fail rejects the request. */
function onFailure(entry: WebhookEntry, e: unknown): void {
  if (!(e instanceof CallFailed)) throw e;
  if (entry.hook.failurePolicy === 'Ignore') return;
  throw internalError(e.message);
}

/** The audit annotation key of one mutating call. */
export function mutationAnnotationKey(round: number, index: number): string {
  return `mutation.webhook.admission.${DOMAIN}/round_${String(round)}_index_${String(index)}`;
}

/** A webhook admission plugin: `run` gets the webhooks of its kind that apply to a request, when some do. */
function webhookPlugin(ctx: ServerCore, mutating: boolean, run: (invocations: Invocation[], attrs: AdmissionAttributes) => Promise<void>): AdmissionPlugin {
  const source = new WebhookSource(ctx, mutating);
  const phase = async (attrs: AdmissionAttributes): Promise<void> => {
    const invocations = await applicable(ctx, source, attrs);
    if (invocations.length > 0) await run(invocations, attrs);
  };
  return mutating ? { name: 'MutatingAdmissionWebhook', admit: phase } : { name: 'ValidatingAdmissionWebhook', validate: phase };
}

/** MutatingAdmissionWebhook. */
export function mutatingWebhookPlugin(ctx: ServerCore, opts: WebhookCallOptions): AdmissionPlugin {
  return webhookPlugin(ctx, true, async (invocations, attrs) => {
    // Index of the last call that changed the object; IfNeeded webhooks called before it run again.
    let lastChange = -1;
    const calledAt = new Map<Invocation, number>();
    const runOne = async (inv: Invocation, round: number, index: number, seq: number): Promise<void> => {
      calledAt.set(inv, seq);
      let mutated = false;
      try {
        const result = await call(inv, attrs, opts);
        if (result.patch !== undefined && result.patch.length > 0 && attrs.object !== undefined) {
          const before = attrs.object;
          let patched: unknown;
          try {
            patched = applyJsonPatch(structuredClone(before), result.patch);
          } catch (e) {
            throw internalError(`JSON patch from admission webhook "${inv.entry.name}" could not be applied: ${e instanceof Error ? e.message : String(e)}`);
          }
          const patchedObject = asObject(patched);
          if (patchedObject === undefined) throw internalError(`admission webhook "${inv.entry.name}" returned a patch that does not give an object`);
          // Decoded as its kind's Go type, as the API server decodes a webhook's result: unknown
          // fields dropped, and a value of the wrong type fails the request whatever the failure
          // policy (the object must keep its schema's types).
          const decoded = decodeBuiltin(attrs.def, patchedObject);
          if (decoded.error !== undefined) throw internalError(decoded.error);
          const obj = decoded.value;
          if (!jsonEqual(obj, before)) {
            // The patch was made against the matched version: put the request's version back.
            obj.apiVersion = before.apiVersion ?? obj.apiVersion ?? null;
            if (before.apiVersion === undefined) delete obj.apiVersion;
            for (const k of Object.keys(before)) delete before[k];
            assignOwn(before, obj);
            mutated = true;
            lastChange = seq;
          }
        }
      } catch (e) {
        onFailure(inv.entry, e);
      } finally {
        addAuditAnnotation(attrs.record, mutationAnnotationKey(round, index),
          JSON.stringify({ configuration: inv.entry.configuration, webhook: inv.entry.name, mutated }));
      }
    };
    let seq = 0;
    for (const [i, inv] of invocations.entries()) await runOne(inv, 0, i, seq++);
    const again = invocations.filter((inv) => inv.entry.hook.reinvocationPolicy === 'IfNeeded' && (calledAt.get(inv) ?? 0) < lastChange);
    for (const [i, inv] of again.entries()) await runOne(inv, 1, i, seq++);
  });
}

/** ValidatingAdmissionWebhook. */
export function validatingWebhookPlugin(ctx: ServerCore, opts: WebhookCallOptions): AdmissionPlugin {
  return webhookPlugin(ctx, false, async (invocations, attrs) => {
    const outcomes = await Promise.allSettled(invocations.map(async (inv) => {
      try {
        await call(inv, attrs, opts);
      } catch (e) {
        onFailure(inv.entry, e);
      }
    }));
    for (const o of outcomes) if (o.status === 'rejected') throw o.reason;
  });
}
