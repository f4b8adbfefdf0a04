/**
 * Credentials the server presents to webhooks (`WebhookAdmissionConfiguration.kubeConfigFile`): a
 * kubeconfig whose `users` are named after the webhook's host — `<svc>.<ns>.svc` (plus `:port` when
 * not 443) or the URL host — with `*.` prefix wildcards and `*` as the default, as the API server's
 * AuthenticationInfoResolver matches them, then the current context's user. Token, token file,
 * basic auth and client certificates, read by the one client-config reader.
 */
import { loadClientConfigFile, userCredentials, type UserCredentials } from '../auth/client-config.js';

/** Finds the credentials for a host. */
export type CredentialResolver = (target: string) => Promise<UserCredentials>;

/** No credentials for anyone. */
export const NO_CREDENTIALS: CredentialResolver = () => Promise.resolve({});

/** Reads a kubeconfig (YAML or JSON) into a resolver; relative paths are relative to `path`. */
export async function loadCredentialResolver(path: string): Promise<CredentialResolver> {
  const file = await loadClientConfigFile(path);
  const { model } = file;
  const cache = new Map<string, Promise<UserCredentials>>();
  const forName = (name: string): Promise<UserCredentials> | undefined => {
    const user = model.users.get(name);
    if (user === undefined) return undefined;
    let c = cache.get(name);
    if (c === undefined) {
      c = userCredentials(file, user);
      cache.set(name, c);
    }
    return c;
  };
  const lookup = (target: string): Promise<UserCredentials> | undefined => {
    const exact = forName(target);
    if (exact !== undefined) return exact;
    const steps = target.split('.');
    for (let i = 1; i < steps.length; i++) {
      const wild = forName(`*.${steps.slice(i).join('.')}`);
      if (wild !== undefined) return wild;
    }
    return undefined;
  };
  // Last, the current context's user, as the API server's AuthenticationInfoResolver does.
  const current = (): Promise<UserCredentials> | undefined => {
    const user = model.contexts.get(model.currentContext)?.user ?? '';
    return user === '' ? undefined : forName(user);
  };
  return (target) => {
    const found = lookup(target) ?? (target.endsWith(':443') ? lookup(target.slice(0, -4)) : undefined) ?? forName('*') ?? current();
    return found ?? Promise.resolve({});
  };
}
