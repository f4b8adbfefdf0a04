/**
 * POSTs an AdmissionReview to a webhook over HTTPS: the URL (with `?timeout=<n>s` as the API server
 * appends it) or a service reference resolved to a configured local address while the serving
 * certificate is still checked for `<name>.<namespace>.svc`; trust from `caBundle` (else the
 * system roots); credentials by host. Failures carry Go-style texts (`Post "<url>": context
 * deadline exceeded`).
 */
import type { JsonObject } from '../../sdk/types/meta.js';
import type { WebhookClientConfig } from '../../sdk/types/generated/admissionregistration-v1.js';
import type { CredentialResolver } from './credentials.js';
import { readJson, writeJson } from '../../machinery/json-numbers.js';
import { callOutbound, endpointOf, OutboundError, type OutboundAnswer } from '../http/outbound.js';

/** Where a webhook lives and how to reach it. */
export interface WebhookTarget {
  /** The URL as reported in errors (with the timeout query). */
  url: string;
  /** Host and port to connect to. */
  connectHost: string;
  connectPort: number;
  /** Name the serving certificate must be valid for. */
  serverName: string;
  path: string;
  /** Host for credential matching. */
  credentialTarget: string;
}

/** Resolves a `clientConfig` to a target; `services` maps `<namespace>/<name>` to `host:port`. */
export function resolveTarget(clientConfig: WebhookClientConfig, timeoutSeconds: number, services: Record<string, string>): WebhookTarget {
  const query = `timeout=${String(timeoutSeconds)}s`;
  const { url, service } = clientConfig;
  if (url !== undefined) {
    const u = new URL(url);
    u.search = u.search === '' ? `?${query}` : `${u.search}&${query}`;
    // The URL is https (validation admits no other scheme).
    const { host, port, path } = endpointOf(u);
    return { url: u.toString(), connectHost: host, connectPort: port, serverName: host, path, credentialTarget: u.host };
  }
  const ns = service?.namespace ?? '';
  const name = service?.name ?? '';
  const port = service?.port ?? 443;
  let path = service?.path ?? '/';
  if (!path.startsWith('/')) path = `/${path}`;
  const dns = `${name}.${ns}.svc`;
  const hostPort = port === 443 ? dns : `${dns}:${String(port)}`;
  const mapped = services[`${ns}/${name}`];
  let connectHost = dns;
  let connectPort = port;
  if (mapped !== undefined) {
    const i = mapped.lastIndexOf(':');
    connectHost = (i < 0 ? mapped : mapped.slice(0, i)).replace(/^\[|\]$/g, '');
    connectPort = i < 0 ? 443 : Number(mapped.slice(i + 1));
  }
  return { url: `https://${hostPort}${path}?${query}`, connectHost, connectPort, serverName: dns, path: `${path}?${query}`, credentialTarget: hostPort };
}

/** POSTs `body` and returns the parsed JSON answer of a 200. */
export async function postReview(target: WebhookTarget, caBundle: string | undefined, timeoutSeconds: number,
  credentials: CredentialResolver, body: JsonObject): Promise<unknown> {
  const creds = await credentials(target.credentialTarget);
  const text = writeJson(body);
  const prefix = `Post "${target.url}"`;
  let answer: OutboundAnswer;
  try {
    answer = await callOutbound({
      method: 'POST', endpoint: { https: true, host: target.connectHost, port: target.connectPort, path: target.path },
      serverName: target.serverName, body: text, deadlineMs: timeoutSeconds * 1000,
      ...(caBundle === undefined || caBundle === '' ? {} : { ca: Buffer.from(caBundle, 'base64').toString('utf8') }),
      ...(creds.cert !== undefined && creds.key !== undefined ? { cert: creds.cert, key: creds.key } : {}),
      ...(creds.authorization !== undefined ? { headers: { Authorization: creds.authorization } } : {}),
    });
  } catch (e) {
    const why = e instanceof OutboundError && e.failure === 'timeout' ? 'context deadline exceeded' : e instanceof Error ? e.message : String(e);
    throw new Error(`${prefix}: ${why}`);
  }
  if (answer.status !== 200) throw new Error(`${prefix}: the server responded with the status code ${String(answer.status)} but did not return more information`);
  try {
    return readJson(answer.text);
  } catch {
    throw new Error('failed to decode the webhook response: invalid JSON');
  }
}
