/**
 * The `Webhook` mode: POSTs a SubjectAccessReview (`authorization.platform.io/v1` or `v1beta1`)
 * to the service named in a client-config file and caches the answers (allowed for 5 minutes and
 * denied for 30 seconds by default, as kube-apiserver's flags). A failed call has no opinion and
 * reports the failure as the evaluation error, never the credentials.
 */
import { GROUPS } from '../../../sdk/naming.js';
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { AuthorizationAttributes } from '../authorizer.js';
import type { AuthorizationMode, ModeDecision, RuleSet } from './types.js';
import { unknownRules } from './types.js';
import type { RemoteService } from '../client-config.js';
import { jsonObjectOrEmpty as obj, nonEmptyString as text } from '../../../machinery/json/values.js';
import { callOutbound, endpointOf, OutboundError, type OutboundAnswer } from '../../http/outbound.js';

/** Options of the Webhook mode. */
export interface WebhookAuthorizationOptions {
  /** `--authorization-webhook-config-file` (client-config format: the current context's cluster and user). */
  configFile: string;
  /** `--authorization-webhook-version`: `v1beta1` (default, as kube-apiserver) or `v1`. */
  version?: 'v1' | 'v1beta1';
  /** `--authorization-webhook-cache-authorized-ttl` in ms (default 5 minutes). */
  authorizedTtlMs?: number;
  /** `--authorization-webhook-cache-unauthorized-ttl` in ms (default 30 seconds). */
  unauthorizedTtlMs?: number;
}

/** The SubjectAccessReview body sent for a request. */
export function reviewFor(attrs: AuthorizationAttributes, version: 'v1' | 'v1beta1'): Record<string, unknown> {
  const spec: Record<string, unknown> = {};
  if (attrs.isResourceRequest) {
    const ra: Record<string, string> = {};
    const put = (k: string, v: string): void => {
      if (v !== '') ra[k] = v;
    };
    put('namespace', attrs.namespace);
    put('verb', attrs.verb);
    put('group', attrs.apiGroup);
    put('version', attrs.apiVersion);
    put('resource', attrs.resource);
    put('subresource', attrs.subresource);
    put('name', attrs.name);
    spec.resourceAttributes = ra;
  } else {
    spec.nonResourceAttributes = { path: attrs.path, verb: attrs.verb };
  }
  spec.user = attrs.user.username;
  if (attrs.user.groups.length > 0) spec[version === 'v1' ? 'groups' : 'group'] = [...attrs.user.groups];
  if (attrs.user.extra !== undefined && Object.keys(attrs.user.extra).length > 0) spec.extra = structuredClone(attrs.user.extra);
  if (attrs.user.uid !== undefined && attrs.user.uid !== '') spec.uid = attrs.user.uid;
  return { apiVersion: `${GROUPS.authorization}/${version}`, kind: 'SubjectAccessReview', metadata: { creationTimestamp: null }, spec, status: { allowed: false } };
}

/** kube-apiserver's time limit of one review. */
const CALL_DEADLINE_MS = 30_000;

/** `Webhook`. */
export class WebhookMode implements AuthorizationMode {
  private readonly cache = new Map<string, { decision: ModeDecision; expires: number }>();
  private readonly version: 'v1' | 'v1beta1';

  constructor(private readonly target: RemoteService, private readonly opts: Omit<WebhookAuthorizationOptions, 'configFile'>, private readonly now: () => number = Date.now) {
    this.version = opts.version ?? 'v1beta1';
  }

  async authorize(attrs: AuthorizationAttributes): Promise<ModeDecision> {
    const review = reviewFor(attrs, this.version);
    const key = JSON.stringify(review.spec);
    const cached = this.cache.get(key);
    const now = this.now();
    if (cached !== undefined && cached.expires > now) return cached.decision;
    let answer: OutboundAnswer;
    try {
      const { server, authorization, ...tls } = this.target;
      answer = await callOutbound({
        ...tls, method: 'POST', endpoint: endpointOf(new URL(server)), body: JSON.stringify(review), deadlineMs: CALL_DEADLINE_MS, keepAlive: true,
        ...(authorization !== undefined ? { headers: { Authorization: authorization } } : {}),
      });
    } catch (e) {
      const why = e instanceof OutboundError && e.failure === 'timeout' ? `timed out after ${String(CALL_DEADLINE_MS)}ms` : e instanceof Error ? e.message : String(e);
      return { decision: 'no-opinion', error: `error contacting webhook: ${why}` };
    }
    if (answer.status < 200 || answer.status > 299) return { decision: 'no-opinion', error: `webhook returned HTTP ${answer.status}` };
    let body: JsonObject;
    try {
      body = obj(JSON.parse(answer.text));
    } catch {
      return { decision: 'no-opinion', error: 'webhook returned an answer that is not JSON' };
    }
    if (body.kind !== 'SubjectAccessReview' || body.apiVersion !== review.apiVersion) {
      return { decision: 'no-opinion', error: `webhook returned ${String(body.apiVersion)}/${String(body.kind)}, expected ${String(review.apiVersion)}/SubjectAccessReview` };
    }
    const status = obj(body.status);
    const reason = text(status.reason) ?? '';
    const evaluationError = text(status.evaluationError);
    let decision: ModeDecision;
    if (status.allowed === true) decision = { decision: 'allow', reason };
    else if (status.denied === true) decision = { decision: 'deny', reason };
    else decision = { decision: 'no-opinion', reason };
    if (evaluationError !== undefined) decision.error = evaluationError;
    const ttl = decision.decision === 'allow' ? this.opts.authorizedTtlMs ?? 5 * 60_000 : this.opts.unauthorizedTtlMs ?? 30_000;
    if (ttl > 0) this.cache.set(key, { decision, expires: now + ttl });
    return decision;
  }

  rulesFor(): RuleSet {
    return unknownRules('webhook authorizer does not support user rule resolution');
  }
}
