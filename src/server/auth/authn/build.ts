/**
 * Assembles the server's authentication from {@link AuthenticationOptions}: the request stage
 * (authenticating proxy, client certificates, bearer tokens, the server's extra methods, then
 * anonymous), the token methods TokenReview shares, the service-account token signer, and the
 * endpoints that belong to authentication, and what its controllers (service-account tokens, the
 * token cleaner) are made from.
 */
import type { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { NAMESPACES } from '../../../sdk/naming.js';
import type { ServerContext } from '../../context.js';
import type { PipelineEndpoint } from '../../http/handler.js';
import type { ResourceDef } from '../../registry/types.js';
import { storedAs, type KindDef } from '../../registry/kind-def.js';
import { findObject } from '../../rest/get.js';
import { parseCertificates } from '../../tls/client-auth.js';
import { AdminTokenAuthenticator, UnionAuthenticator, type Authenticator } from '../authenticator.js';
import { AuthenticatedGroupAdder, BearerTokenAuthenticator } from './bearer.js';
import { BootstrapTokenAuthenticator } from './bootstrap-token.js';
import { ClientCABundle, ClientCertAuthenticator } from './client-cert.js';
import { authenticationEndpoints } from './endpoints.js';
import type { AuthenticationOptions } from './options.js';
import { RequestHeaderAuthenticator } from './request-header.js';
import { DEFAULT_ISSUER } from './service-account/claims.js';
import { ServiceAccountTokenAuthenticator, type LookupKinds, type ObjectLookup } from './service-account/authenticator.js';
import { ephemeralSigningKey, loadOrCreateSigningKey, readSigningKey, readVerifyKeys, type SigningKey } from './service-account/keys.js';
import { TokenSigner } from './service-account/signer.js';
import { readTokenFile, StaticTokenAuthenticator } from './static-token.js';
import { AudienceAgnostic, TokenUnion, withAuthenticatedGroup, type TokenAuthenticator } from './token.js';
import { OidcAuthenticator } from './oidc.js';
import { WebhookTokenAuthenticator } from './webhook.js';

/** What the rest of the server gets from authentication. */
export interface AuthenticationSetup {
  /** The request stage. */
  authenticator: Authenticator;
  /** The token methods (TokenReview). */
  tokens: TokenAuthenticator;
  apiAudiences: string[];
  /** Signs service-account tokens. */
  signer: TokenSigner;
  /** Issuer of bound service-account tokens. */
  issuer: string;
  /** CAs trusted for client certificates (the certificate signer may add its CA). */
  clientCAs: ClientCABundle;
  /** CAs trusted for an authenticating proxy's client certificate (`--requestheader-client-ca-file`). */
  requestHeaderCAs: X509Certificate[];
  /** The token cleaner's sweep interval when bootstrap tokens are to be cleaned (undefined: its default), else false. */
  tokenCleaner: { intervalMs: number | undefined } | false;
  endpoints: PipelineEndpoint[];
}

/** What {@link setupAuthentication} is given besides the options. */
export interface AuthenticationInputs {
  options: AuthenticationOptions;
  adminToken: string;
  dataDir: string | undefined;
  /** PEM of the server's CA (trusted for client certificates). */
  caPem: string;
  /** Request-level methods of ServerOptions.authenticators (asked after the built-in ones). */
  extra: Authenticator[];
}

async function signingKey(o: AuthenticationOptions, dataDir: string | undefined): Promise<SigningKey> {
  const file = o.serviceAccounts?.signingKeyFile;
  if (file !== undefined && file !== '') return readSigningKey(file);
  return dataDir !== undefined ? loadOrCreateSigningKey(dataDir) : ephemeralSigningKey();
}

async function pemOf(file: string | undefined, inline: string | undefined): Promise<string[]> {
  const out: string[] = [];
  if (file !== undefined && file !== '') out.push(await readFile(file, 'utf8'));
  if (inline !== undefined && inline !== '') out.push(inline);
  return out;
}

/** Builds the authentication of a server. */
export async function setupAuthentication(ctx: ServerContext, inp: AuthenticationInputs): Promise<AuthenticationSetup> {
  const o = inp.options;
  const now = (): number => ctx.now();
  const def = (plural: string): ResourceDef => ctx.registry.served('', 'v1', plural);
  const lookup: ObjectLookup = async (resource, namespace, name) => {
    const r = ctx.registry;
    const kinds: { [R in keyof LookupKinds]: KindDef<LookupKinds[R]> } = { serviceaccounts: r.kind('v1', 'ServiceAccount'), secrets: r.kind('v1', 'Secret'), pods: r.kind('v1', 'Pod'), nodes: r.kind('v1', 'Node') };
    const obj = await findObject(ctx, kinds[resource], namespace, name);
    return obj === undefined ? undefined : storedAs(kinds[resource], obj);
  };

  const key = await signingKey(o, inp.dataDir);
  const signer = new TokenSigner(key);
  const issuers = o.serviceAccounts?.issuers?.length ? o.serviceAccounts.issuers : [DEFAULT_ISSUER];
  const issuer = issuers[0] ?? DEFAULT_ISSUER;
  const apiAudiences = o.serviceAccounts?.apiAudiences?.length ? o.serviceAccounts.apiAudiences : issuers;
  const verifyKeys = [{ publicKey: key.publicKey, alg: key.alg, kid: key.kid }, ...(await readVerifyKeys(o.serviceAccounts?.keyFiles ?? []))];

  const agnostic: TokenAuthenticator[] = [new AdminTokenAuthenticator(inp.adminToken)];
  const staticUsers = [...(o.tokens ?? []), ...(o.tokenAuthFile !== undefined && o.tokenAuthFile !== '' ? await readTokenFile(o.tokenAuthFile) : [])];
  if (staticUsers.length > 0) agnostic.push(new StaticTokenAuthenticator(staticUsers));
  const methods: TokenAuthenticator[] = agnostic.map((a) => new AudienceAgnostic(a, apiAudiences));
  methods.push(new ServiceAccountTokenAuthenticator({
    issuers, keys: verifyKeys, implicitAudiences: apiAudiences, lookup, nowSeconds: () => Math.floor(now() / 1000),
  }));
  if (o.enableBootstrapTokenAuth === true) {
    const secrets = def('secrets');
    methods.push(new AudienceAgnostic(
      new BootstrapTokenAuthenticator((name) => findObject(ctx, secrets, NAMESPACES.system, name), now, ctx.log),
      apiAudiences,
    ));
  }
  if (o.oidc !== undefined) methods.push(new AudienceAgnostic(await OidcAuthenticator.create(o.oidc, now, ctx.log), apiAudiences));
  if (o.webhook !== undefined) methods.push(await WebhookTokenAuthenticator.create(o.webhook, apiAudiences, now, ctx.log));
  const tokens = new TokenUnion(methods);

  const clientCAs = new ClientCABundle([inp.caPem, ...(await pemOf(o.clientCAFile, o.clientCAPem))]);
  const request: Authenticator[] = [];
  const rh = o.requestHeader;
  let requestHeaderCAs: X509Certificate[] = [];
  if (rh !== undefined) {
    const roots = (await pemOf(rh.clientCAFile, rh.clientCAPem)).flatMap((p) => parseCertificates(p));
    requestHeaderCAs = roots;
    if (roots.length === 0) throw new Error('the authenticating proxy needs a request-header client CA (--requestheader-client-ca-file)');
    if (rh.usernameHeaders.length === 0) throw new Error('--requestheader-username-headers must name at least one header');
    request.push(new RequestHeaderAuthenticator({
      roots, allowedNames: rh.allowedNames ?? [], usernameHeaders: rh.usernameHeaders, groupHeaders: rh.groupHeaders ?? [],
      extraHeaderPrefixes: rh.extraHeadersPrefix ?? [],
    }, now));
  }
  request.push(new ClientCertAuthenticator(clientCAs, now, ctx.log));
  request.push(new BearerTokenAuthenticator(tokens, apiAudiences));
  request.push(...inp.extra);
  const authenticator = new AuthenticatedGroupAdder(new UnionAuthenticator(request, o.anonymous === true), withAuthenticatedGroup);

  const tokenCleaner = o.enableBootstrapTokenAuth === true || o.tokenCleanerIntervalMs !== undefined ? { intervalMs: o.tokenCleanerIntervalMs } : false;
  const endpoints = authenticationEndpoints(ctx, { tokens, apiAudiences, signer, issuer });
  return { authenticator, tokens, apiAudiences, signer, issuer, clientCAs, requestHeaderCAs, tokenCleaner, endpoints };
}
