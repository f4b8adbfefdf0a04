/**
 * Bootstrap tokens: `<id>.<secret>` (six and sixteen lowercase alphanumerics), generated from a
 * cryptographic random source, and the `bootstrap.platform.io/token` secret that holds one.
 */
import { randomInt } from 'node:crypto';
import { InputError } from '../errors.js';
import { NAMESPACES, SECRET_TYPES } from '../naming.js';
import type { KubeObject } from '../types/meta.js';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const TOKEN_RE = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
const GROUP_RE = /^system:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]$/;

/** The usages a token secret may enable. */
export const BOOTSTRAP_TOKEN_USAGES = ['signing', 'authentication'] as const;

/** A token split into its parts. */
export interface BootstrapToken {
  id: string;
  secret: string;
  /** `<id>.<secret>`. */
  token: string;
}

function randomString(n: number): string {
  let s = '';
  for (let i = 0; i < n; i++) s += ALPHABET[randomInt(ALPHABET.length)] ?? 'a';
  return s;
}

/** A new random token. */
export function generateBootstrapToken(): BootstrapToken {
  const id = randomString(6);
  const secret = randomString(16);
  return { id, secret, token: `${id}.${secret}` };
}

/** Splits and checks a token; throws InputError with kubeadm's message when malformed. */
export function parseBootstrapToken(token: string): BootstrapToken {
  const m = TOKEN_RE.exec(token);
  if (m === null) throw new InputError(`the bootstrap token "${token.replace(/\..*/, '.<redacted>')}" was not of the form "${TOKEN_RE.source.slice(1, -1).replace(/[()]/g, '')}"`);
  return { id: m[1] ?? '', secret: m[2] ?? '', token };
}

/** What the secret of a token says. */
export interface BootstrapTokenSecretOptions {
  /** Time to live (ms); 0 or undefined: never expires. */
  ttlMs?: number | undefined;
  /** Enabled usages (default signing and authentication). */
  usages?: readonly string[] | undefined;
  /** Extra groups (each `system:bootstrappers:...`). */
  groups?: readonly string[] | undefined;
  description?: string | undefined;
  /** Clock (ms). */
  now: number;
}

/** The secret in platform-system that makes `token` valid. */
export function bootstrapTokenSecret(token: BootstrapToken, o: BootstrapTokenSecretOptions): KubeObject {
  const data: Record<string, string> = { 'token-id': token.id, 'token-secret': token.secret };
  if (o.description !== undefined && o.description !== '') data.description = o.description;
  if (o.ttlMs !== undefined && o.ttlMs > 0) data.expiration = new Date(o.now + o.ttlMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  for (const u of o.usages ?? BOOTSTRAP_TOKEN_USAGES) {
    if (!(BOOTSTRAP_TOKEN_USAGES as readonly string[]).includes(u)) throw new InputError(`invalid bootstrap token usage string: ${u}, valid usage options: ${BOOTSTRAP_TOKEN_USAGES.join(',')}`);
    data[`usage-bootstrap-${u}`] = 'true';
  }
  const groups = [...(o.groups ?? [])];
  for (const g of groups) {
    if (!GROUP_RE.test(g)) throw new InputError(`bootstrap group "${g}" is invalid (must match ${GROUP_RE.source})`);
  }
  if (groups.length > 0) data['auth-extra-groups'] = groups.join(',');
  const encoded = Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')]));
  return {
    apiVersion: 'v1', kind: 'Secret', metadata: { name: `bootstrap-token-${token.id}`, namespace: NAMESPACES.system },
    type: SECRET_TYPES.bootstrapToken, data: encoded,
  } as KubeObject;
}
