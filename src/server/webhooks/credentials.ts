/**
 * Credentials the server presents to webhooks (`WebhookAdmissionConfiguration.kubeConfigFile`): a
 * kubeconfig whose `users` are named after the webhook's host — `<svc>.<ns>.svc` (plus `:port` when
 * not 443) or the URL host — with `*.` prefix wildcards and `*` as the default, as the API server's
 * AuthenticationInfoResolver matches them. Token, token file, basic auth and client certificates.
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { JsonObject } from '../../sdk/types/meta.js';
import { asArray, asObject, asString } from '../util/json.js';

/** What to send to one webhook host. */
export interface WebhookCredentials {
  /** `Authorization` header value. */
  authorization?: string;
  certPem?: string;
  keyPem?: string;
}

/** Finds the credentials for a host. */
export type CredentialResolver = (target: string) => Promise<WebhookCredentials>;

/** No credentials for anyone. */
export const NO_CREDENTIALS: CredentialResolver = () => Promise.resolve({});

async function fileOrData(base: string, file: unknown, data: unknown): Promise<string | undefined> {
  const d = asString(data);
  if (d !== undefined && d !== '') return Buffer.from(d, 'base64').toString('utf8');
  const f = asString(file);
  if (f === undefined || f === '') return undefined;
  return readFile(isAbsolute(f) ? f : resolve(base, f), 'utf8');
}

async function credentialsOf(base: string, user: JsonObject): Promise<WebhookCredentials> {
  const out: WebhookCredentials = {};
  const token = asString(user.token) ?? (asString(user.tokenFile) !== undefined ? (await fileOrData(base, user.tokenFile, undefined))?.trim() : undefined);
  if (token !== undefined && token !== '') out.authorization = `Bearer ${token}`;
  const username = asString(user.username);
  if (out.authorization === undefined && username !== undefined) {
    out.authorization = `Basic ${Buffer.from(`${username}:${asString(user.password) ?? ''}`).toString('base64')}`;
  }
  const cert = await fileOrData(base, user['client-certificate'], user['client-certificate-data']);
  const key = await fileOrData(base, user['client-key'], user['client-key-data']);
  if (cert !== undefined && key !== undefined) {
    out.certPem = cert;
    out.keyPem = key;
  }
  return out;
}

/** Parses a kubeconfig text (YAML or JSON) into a resolver; relative paths are relative to `path`. */
export async function loadCredentialResolver(path: string): Promise<CredentialResolver> {
  const text = await readFile(path, 'utf8');
  const yaml = await import('js-yaml');
  const doc = asObject(yaml.load(text)) ?? {};
  const base = dirname(path);
  const users = new Map<string, JsonObject>();
  for (const u of asArray(doc.users) ?? []) {
    const entry = asObject(u);
    const name = asString(entry?.name);
    if (entry !== undefined && name !== undefined) users.set(name, asObject(entry.user) ?? {});
  }
  const cache = new Map<string, Promise<WebhookCredentials>>();
  const forName = (name: string): Promise<WebhookCredentials> | undefined => {
    const user = users.get(name);
    if (user === undefined) return undefined;
    let c = cache.get(name);
    if (c === undefined) {
      c = credentialsOf(base, user);
      cache.set(name, c);
    }
    return c;
  };
  const lookup = (target: string): Promise<WebhookCredentials> | undefined => {
    const exact = forName(target);
    if (exact !== undefined) return exact;
    const steps = target.split('.');
    for (let i = 1; i < steps.length; i++) {
      const wild = forName(`*.${steps.slice(i).join('.')}`);
      if (wild !== undefined) return wild;
    }
    return undefined;
  };
  return (target) => {
    const found = lookup(target) ?? (target.endsWith(':443') ? lookup(target.slice(0, -4)) : undefined) ?? forName('*');
    return found ?? Promise.resolve({});
  };
}
