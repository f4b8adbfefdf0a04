/**
 * Defaulting and validation of Mutating/ValidatingWebhookConfiguration in v1 and v1beta1, with the
 * per-version defaults of the spec's table and the API server's field errors.
 */
import type { MutatingWebhook, RuleWithOperations, ServiceReference } from '../../sdk/types/generated/admissionregistration-v1.js';
import type { ValidatingWebhook } from '../../sdk/types/generated/admissionregistration-v1beta1.js';
import { fieldError, supportedValue, type FieldError } from '../validation/field-errors.js';
import { SUPPORTED_REVIEW_VERSIONS } from './review.js';

/** The API versions of the configuration kinds. */
export type ConfigVersion = 'v1' | 'v1beta1';

/**
 * A webhook of either configuration kind in either version, as the defaults and checks read it:
 * v1beta1's fields (v1's are the same, only stricter) and a mutating webhook's reinvocation policy.
 */
type Webhook = ValidatingWebhook & Pick<MutatingWebhook, 'reinvocationPolicy'>;

/** A webhook configuration of either kind in either version (the hooks get it decoded). */
export type WebhookConfiguration = { webhooks?: Webhook[] };

/** Applies the version's defaults to every webhook. */
export function defaultWebhookConfiguration(obj: WebhookConfiguration, version: ConfigVersion, mutating: boolean): void {
  const beta = version === 'v1beta1';
  for (const hook of obj.webhooks ?? []) {
    hook.failurePolicy ??= beta ? 'Ignore' : 'Fail';
    hook.matchPolicy ??= beta ? 'Exact' : 'Equivalent';
    hook.namespaceSelector ??= {};
    hook.objectSelector ??= {};
    hook.timeoutSeconds ??= beta ? 30 : 10;
    if (beta) {
      hook.sideEffects ??= 'Unknown';
      hook.admissionReviewVersions ??= ['v1beta1'];
    }
    if (mutating) hook.reinvocationPolicy ??= 'Never';
    for (const rule of hook.rules ?? []) rule.scope ??= '*';
    const service = hook.clientConfig?.service;
    if (service !== undefined) service.port ??= 443;
  }
}

const OPERATIONS = ['*', 'CONNECT', 'CREATE', 'DELETE', 'UPDATE'];

function validateRule(rule: RuleWithOperations, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const ops: string[] = rule.operations ?? [];
  if (ops.length === 0) errs.push(fieldError.required(`${path}.operations`));
  if (ops.length > 1 && ops.includes('*')) errs.push(fieldError.invalid(`${path}.operations`, ops, "if '*' is present, must not specify other operations"));
  ops.forEach((o, i) => {
    supportedValue(errs, `${path}.operations[${i}]`, o, OPERATIONS);
  });
  for (const f of ['apiGroups', 'apiVersions'] as const) {
    const list = rule[f] ?? [];
    if (list.length === 0) errs.push(fieldError.required(`${path}.${f}`));
    if (list.length > 1 && list.includes('*')) errs.push(fieldError.invalid(`${path}.${f}`, list, "if '*' is present, must not specify other API groups"));
    if (f === 'apiVersions') list.forEach((v, i) => { if (v === '') errs.push(fieldError.required(`${path}.apiVersions[${i}]`, 'must not be empty')); });
  }
  const resources = rule.resources ?? [];
  if (resources.length === 0) errs.push(fieldError.required(`${path}.resources`));
  resources.forEach((r, i) => {
    if (r === '') errs.push(fieldError.required(`${path}.resources[${i}]`));
    else if (r.split('/').length > 2) errs.push(fieldError.invalid(`${path}.resources[${i}]`, r, 'must be of the form resource or resource/subresource'));
  });
  if (resources.includes('*') && resources.length > 1) errs.push(fieldError.invalid(`${path}.resources`, resources, "if '*' is present, must not specify other resources without subresources"));
  if (resources.includes('*/*') && resources.length > 1) errs.push(fieldError.invalid(`${path}.resources`, resources, "if '*/*' is present, must not specify other resources"));
  const scope = rule.scope;
  if (scope !== undefined) supportedValue(errs, `${path}.scope`, scope, ['*', 'Cluster', 'Namespaced']);
  return errs;
}

function validateUrl(url: string, path: string): FieldError[] {
  let u: URL;
  try {
    u = new URL(url);
  } catch (e) {
    return [fieldError.invalid(path, url, `url must be a valid URL: ${e instanceof Error ? e.message : String(e)}`)];
  }
  const errs: FieldError[] = [];
  if (u.protocol !== 'https:') errs.push(fieldError.invalid(path, u.protocol.replace(/:$/, ''), "'https' is the only allowed URL scheme"));
  if (u.host === '') errs.push(fieldError.invalid(path, u.host, 'host must be specified'));
  if (u.username !== '' || u.password !== '') errs.push(fieldError.invalid(path, u.username, 'user information is not permitted in the URL'));
  if (u.hash !== '' || url.includes('#')) errs.push(fieldError.invalid(path, u.hash.replace(/^#/, ''), 'fragments are not permitted in the URL'));
  if (u.search !== '' || url.includes('?')) errs.push(fieldError.invalid(path, u.search.replace(/^\?/, ''), 'query parameters are not permitted in the URL'));
  if (/\.svc(\.|:|$)/.test(u.hostname)) errs.push(fieldError.invalid(path, u.hostname, 'host must not name an in-cluster service; use clientConfig.service'));
  return errs;
}

function validateService(svc: ServiceReference, path: string): FieldError[] {
  const errs: FieldError[] = [];
  if ((svc.name ?? '') === '') errs.push(fieldError.required(`${path}.name`, 'service name is required'));
  if ((svc.namespace ?? '') === '') errs.push(fieldError.required(`${path}.namespace`, 'service namespace is required'));
  const port = svc.port;
  if (port !== undefined && (port < 1 || port > 65535 || !Number.isInteger(port))) errs.push(fieldError.invalid(`${path}.port`, port, 'port is not valid: must be between 1 and 65535, inclusive'));
  const p = svc.path;
  if (p !== undefined && p !== '') {
    if (!p.startsWith('/')) errs.push(fieldError.invalid(`${path}.path`, p, "must start with a '/'"));
    else if (p.includes('//')) errs.push(fieldError.invalid(`${path}.path`, p, 'segment[1] may not be empty'));
  }
  return errs;
}

/** Validates a configuration of a version. */
export function validateWebhookConfiguration(obj: WebhookConfiguration, version: ConfigVersion, mutating: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  const sideEffects = version === 'v1' ? ['None', 'NoneOnDryRun'] : ['None', 'NoneOnDryRun', 'Some', 'Unknown'];
  (obj.webhooks ?? []).forEach((hook, i) => {
    const p = `webhooks[${i}]`;
    const name = hook.name ?? '';
    if (name === '') errs.push(fieldError.required(`${p}.name`));
    else if (name.split('.').length < 3) errs.push(fieldError.invalid(`${p}.name`, name, 'should be a domain with at least three segments separated by dots'));
    else if (version === 'v1' && names.has(name)) errs.push(fieldError.duplicate(`${p}.name`, name));
    names.add(name);
    (hook.rules ?? []).forEach((r, j) => errs.push(...validateRule(r, `${p}.rules[${j}]`)));
    supportedValue(errs, `${p}.failurePolicy`, hook.failurePolicy, ['Fail', 'Ignore']);
    supportedValue(errs, `${p}.matchPolicy`, hook.matchPolicy, ['Equivalent', 'Exact']);
    if (hook.sideEffects === undefined) errs.push(fieldError.required(`${p}.sideEffects`, `must specify one of ${sideEffects.join(', ')}`));
    else supportedValue(errs, `${p}.sideEffects`, hook.sideEffects, sideEffects);
    const t = hook.timeoutSeconds;
    if (typeof t === 'number' && (t < 1 || t > 30)) errs.push(fieldError.invalid(`${p}.timeoutSeconds`, t, 'the timeout value must be between 1 and 30 seconds'));
    if (mutating) supportedValue(errs, `${p}.reinvocationPolicy`, hook.reinvocationPolicy, ['IfNeeded', 'Never']);
    const versions = hook.admissionReviewVersions ?? [];
    if (versions.length === 0) errs.push(fieldError.required(`${p}.admissionReviewVersions`, `must specify one of ${SUPPORTED_REVIEW_VERSIONS.join(', ')}`));
    else if (!versions.some((v) => SUPPORTED_REVIEW_VERSIONS.includes(v))) {
      errs.push(fieldError.invalid(`${p}.admissionReviewVersions`, versions, `must include at least one of ${SUPPORTED_REVIEW_VERSIONS.join(', ')}`));
    }
    const cc = hook.clientConfig ?? {};
    const url = cc.url;
    const svc = cc.service;
    if ((url === undefined) === (svc === undefined)) errs.push(fieldError.required(`${p}.clientConfig`, 'exactly one of url or service is required'));
    else if (url !== undefined) errs.push(...validateUrl(url, `${p}.clientConfig.url`));
    else if (svc !== undefined) errs.push(...validateService(svc, `${p}.clientConfig.service`));
    const ca = cc.caBundle;
    if (ca !== undefined && ca !== '' && !/^[A-Za-z0-9+/]*={0,2}$/.test(ca)) errs.push(fieldError.invalid(`${p}.clientConfig.caBundle`, '', 'must be base64-encoded'));
  });
  return errs;
}
