/**
 * The endpoints of authentication.platform.io that are answered, not stored: TokenReview (runs
 * the server's own token methods on `spec.token`), SelfSubjectReview (who am I) and TokenRequest
 * (`serviceaccounts/<name>/token`: a bound service-account token). Their bodies are decoded as
 * their kinds first, so they are read typed; the decoder fills nothing in, so a spec the type
 * requires may be missing.
 */
import { randomUUID } from 'node:crypto';
import type { JsonObject } from '../../../sdk/types/meta.js';
import type { BoundObjectReference, TokenRequestSpec, TokenReviewStatus, UserInfo as ReviewedUser } from '../../../sdk/types/generated/authentication-v1.js';
import { GROUPS } from '../../../sdk/naming.js';
import type { ServerContext } from '../../context.js';
import { timestamp } from '../../util/time.js';
import { ApiError, badRequest, conflict, notFound } from '../../errors.js';
import { decodeAnswered, parseWriteBody } from '../../http/write-body.js';
import type { PipelineEndpoint } from '../../http/handler.js';
import { negotiate } from '../../http/negotiation.js';
import type { RequestContext } from '../../http/request-context.js';
import { send } from '../../http/respond.js';
import { findObject } from '../../rest/get.js';
import { checkTypeMeta } from '../../rest/object-meta.js';
import type { ResourceDef } from '../../registry/types.js';
import { storedAs, type BuiltinObject } from '../../registry/kind-def.js';
import { asNumber, uidOf } from '../../util/json.js';
import { fieldError, invalid } from '../../validation/field-errors.js';
import type { UserInfo } from '../../request/user.js';
import type { AuthenticationSetup } from './build.js';
import { boundClaims, type BoundRef } from './service-account/claims.js';

/** What the endpoints need from the authentication setup. */
export type AuthenticationEndpointDeps = Pick<AuthenticationSetup, 'tokens' | 'apiAudiences' | 'signer' | 'issuer'>;

const MIN_EXPIRATION_SECONDS = 600;
const DEFAULT_EXPIRATION_SECONDS = 3600;
const MAX_EXPIRATION_SECONDS = 2 ** 32;

function userInfoJson(u: UserInfo): ReviewedUser {
  const out: ReviewedUser = { username: u.username };
  if (u.uid !== undefined && u.uid !== '') out.uid = u.uid;
  out.groups = [...u.groups];
  if (u.extra !== undefined && Object.keys(u.extra).length > 0) out.extra = structuredClone(u.extra);
  return out;
}

function reply(rc: RequestContext, obj: JsonObject): Promise<void> {
  return send(rc.res, 201, obj, negotiate(rc.req.headers.accept, { transforms: false, protobuf: true }, false), rc.headers);
}

function isCreateOf(rc: { apiGroup: string; resource: string; verb: string; subresource: string; isResourceRequest: boolean }, resource: string): boolean {
  return rc.isResourceRequest && rc.apiGroup === GROUPS.authentication && rc.resource === resource && rc.subresource === '' && rc.verb === 'create';
}

function defFor(ctx: ServerContext, rc: RequestContext): ResourceDef {
  const def = ctx.registry.lookup(rc.info.apiGroup, rc.info.apiVersion, rc.info.resource);
  if (def === undefined) throw new ApiError(404, 'NotFound', 'the server could not find the requested resource', {});
  return def;
}

/** POST tokenreviews. */
function tokenReviewEndpoint(ctx: ServerContext, deps: AuthenticationEndpointDeps): PipelineEndpoint {
  return reviewEndpoint(ctx, 'tokenreviews', 'TokenReview', async (rc, def, body) => {
    if (rc.info.namespace !== '') throw badRequest(`namespace is not allowed on this type: ${rc.info.namespace}`);
    const spec = body.spec ?? {};
    const token = spec.token ?? '';
    if (token === '') throw badRequest('token is required for TokenReview in authentication');
    const requested = spec.audiences ?? [];
    const auds = requested.length > 0 ? requested : deps.apiAudiences;
    const r = await deps.tokens.authenticateToken(token, auds);
    const status: TokenReviewStatus = {};
    if (r.kind === 'user') {
      status.authenticated = true;
      status.user = userInfoJson(r.user);
      if (r.audiences.length > 0) status.audiences = [...r.audiences];
    } else {
      status.user = {};
      if (r.kind === 'invalid' && r.message !== undefined && r.message !== '') status.error = r.message;
    }
    // The token never leaves in the answer.
    await reply(rc, { kind: body.kind ?? def.kind, apiVersion: body.apiVersion ?? '', metadata: { ...body.metadata, creationTimestamp: null }, spec: {}, status });
  });
}

/** POST selfsubjectreviews. */
function selfSubjectReviewEndpoint(ctx: ServerContext): PipelineEndpoint {
  return reviewEndpoint(ctx, 'selfsubjectreviews', 'SelfSubjectReview', async (rc, def, body) => {
    await reply(rc, {
      kind: def.kind, apiVersion: body.apiVersion ?? '', metadata: { ...body.metadata, creationTimestamp: timestamp(ctx.now()) },
      status: { userInfo: userInfoJson(rc.user) },
    });
  });
}

/** The served versions of the authentication reviews. */
type ReviewVersion = 'authentication.platform.io/v1' | 'authentication.platform.io/v1beta1';

/** The endpoint of a create of `resource` (of `kind`) in the authentication group: `answer` gets the body, checked against the kind and decoded. */
function reviewEndpoint<K extends 'TokenReview' | 'SelfSubjectReview'>(ctx: ServerContext, resource: string, kind: K, answer: (rc: RequestContext, def: ResourceDef, body: BuiltinObject<ReviewVersion, K>) => Promise<void>): PipelineEndpoint {
  return {
    matches: (info) => isCreateOf(info, resource),
    async serve(rc) {
      const def = defFor(ctx, rc);
      const parsed = await parseWriteBody(rc, def.kind);
      checkTypeMeta(def, parsed.obj);
      const version: ReviewVersion = def.version === 'v1beta1' ? 'authentication.platform.io/v1beta1' : 'authentication.platform.io/v1';
      await answer(rc, def, await decodeAnswered(rc, parsed, version, kind));
    },
  };
}

const TOKEN_REQUEST_GK = { group: GROUPS.authentication, kind: 'TokenRequest' };

/** The object a token is bound to, after checking it exists (and has the named uid). */
async function boundObject(ctx: ServerContext, namespace: string, saName: string, ref: BoundObjectReference): Promise<BoundRef> {
  const kind = ref.kind ?? '';
  const apiVersion = ref.apiVersion ?? '';
  const name = ref.name ?? '';
  const group = apiVersion.includes('/') ? apiVersion.split('/')[0] ?? '' : '';
  const plural = group !== '' ? undefined : kind === 'Pod' ? 'pods' : kind === 'Secret' ? 'secrets' : kind === 'Node' ? 'nodes' : undefined;
  if (plural === undefined) throw badRequest(`cannot bind token to object of type ${group === '' ? '' : `${group}/`}${apiVersion.split('/').pop() ?? ''}, Kind=${kind}`);
  const def = ctx.registry.served('', 'v1', plural);
  const obj = await findObject(ctx, def, kind === 'Node' ? '' : namespace, name);
  if (obj === undefined) throw notFound({ group: '', resource: plural }, name);
  if (kind === 'Pod') {
    const podSA = storedAs(ctx.registry.kind('v1', 'Pod'), obj).spec?.serviceAccountName ?? 'default';
    if (podSA !== saName) throw badRequest(`cannot bind token for serviceaccount "${saName}" to pod running with different serviceaccount name.`);
  }
  const uid = uidOf(obj);
  const wanted = ref.uid ?? '';
  if (wanted !== '' && wanted !== uid) {
    throw conflict({ group: '', resource: kind }, name, `the UID in the bound object reference (${wanted}) does not match the UID in record. The object might have been deleted and then recreated`);
  }
  return { kind: kind as BoundRef['kind'], name, uid };
}

/** POST serviceaccounts/<name>/token. */
function tokenRequestEndpoint(ctx: ServerContext, deps: AuthenticationEndpointDeps): PipelineEndpoint {
  return {
    matches: (info) => info.isResourceRequest && info.apiGroup === '' && info.resource === 'serviceaccounts' && info.subresource === 'token' && info.verb === 'create',
    async serve(rc) {
      const { namespace, name } = rc.info;
      const saDef = ctx.registry.lookup('', 'v1', 'serviceaccounts');
      if (saDef === undefined) throw new Error('serviceaccounts are not registered');
      const parsed = await parseWriteBody(rc, 'TokenRequest');
      checkTypeMeta(saDef, parsed.obj, 'TokenRequest', `${GROUPS.authentication}/v1`);
      const body = await decodeAnswered(rc, parsed, 'authentication.platform.io/v1', 'TokenRequest');
      const bodyName = body.metadata?.name ?? '';
      if (bodyName !== '' && bodyName !== name) throw badRequest(`the name of the object (${bodyName}) does not match the name on the URL (${name})`);
      const spec: Partial<TokenRequestSpec> = body.spec ?? {};
      // An int64: a bigint beyond 2^53, which asNumber reads as a number.
      const expiration = spec.expirationSeconds === undefined ? DEFAULT_EXPIRATION_SECONDS : asNumber(spec.expirationSeconds);
      if (expiration === undefined || !Number.isInteger(expiration)) {
        throw invalid(TOKEN_REQUEST_GK, name, [fieldError.invalid('spec.expirationSeconds', spec.expirationSeconds ?? null, 'must be an integer')]);
      }
      if (expiration < MIN_EXPIRATION_SECONDS) throw invalid(TOKEN_REQUEST_GK, name, [fieldError.invalid('spec.expirationSeconds', expiration, 'may not specify a duration less than 10 minutes')]);
      if (expiration > MAX_EXPIRATION_SECONDS) throw invalid(TOKEN_REQUEST_GK, name, [fieldError.invalid('spec.expirationSeconds', expiration, 'may not specify a duration larger than 2^32 seconds')]);
      const account = await findObject(ctx, saDef, namespace, name);
      if (account === undefined) throw notFound({ group: '', resource: 'serviceaccounts' }, name);
      const audiences = spec.audiences ?? [];
      const auds = audiences.length > 0 ? audiences : deps.apiAudiences;
      const bound = spec.boundObjectRef === undefined ? undefined : await boundObject(ctx, namespace, name, spec.boundObjectRef);
      const issuedAt = Math.floor(ctx.now() / 1000);
      const saUid = uidOf(account);
      const claims = boundClaims({
        issuer: deps.issuer, audiences: auds, namespace, serviceAccount: { name, uid: saUid }, issuedAt, expirationSeconds: expiration,
        jti: randomUUID(), ...(bound !== undefined ? { bound } : {}),
      });
      const token = await deps.signer.sign(claims);
      const outSpec: JsonObject = { audiences: auds, expirationSeconds: expiration, boundObjectRef: null };
      if (bound !== undefined) outSpec.boundObjectRef = { kind: bound.kind, apiVersion: 'v1', name: bound.name, uid: bound.uid };
      await reply(rc, {
        kind: 'TokenRequest', apiVersion: `${GROUPS.authentication}/v1`,
        metadata: { name, namespace, creationTimestamp: timestamp(ctx.now()) },
        spec: outSpec,
        status: { token, expirationTimestamp: timestamp((issuedAt + expiration) * 1000) },
      });
    },
  };
}

/** The authentication endpoints. */
export function authenticationEndpoints(ctx: ServerContext, deps: AuthenticationEndpointDeps): PipelineEndpoint[] {
  return [tokenReviewEndpoint(ctx, deps), selfSubjectReviewEndpoint(ctx), tokenRequestEndpoint(ctx, deps)];
}
