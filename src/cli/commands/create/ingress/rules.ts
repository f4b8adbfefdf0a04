/**
 * The `--rule`, `--default-backend` and `--annotation` values of `create ingress`, turned into
 * the Ingress spec kubectl's generator builds: rules grouped by host, a path ending in `*` a
 * Prefix path (Exact otherwise), TLS entries grouped by secret with each host once.
 */
import { UsageError } from '../../../framework/usage-error.js';
import { intOrString } from '../shared/int-or-string.js';
import { nonEmpty, struct, type Struct } from '../../../resource-builders/typed.js';

// host (word characters, '*', '-', '.'), a path starting with '/', '=', service ':' port. kubectl's
// expression goes on with an optional `,tls[=secret]`, but an unanchored match never needs it.
const RULE = /^[\w*\-.]*\/.*=[\w-]+:[\w-]+/;

/** kubectl's checks of the flags. */
export function validateIngressFlags(rules: readonly string[], annotations: readonly string[], defaultBackend: string): void {
  if (defaultBackend === '' && rules.length === 0) {
    throw new UsageError('not enough information provided: every ingress has to either specify a default-backend (which catches all traffic) or a list of rules (which catch specific paths)', false);
  }
  for (const rule of rules) {
    if (!RULE.test(rule)) throw new UsageError(`rule ${rule} is invalid and should be in format host/path=svcname:svcport[,tls[=secret]]`, false);
  }
  for (const annotation of annotations) {
    if (!annotation.includes('=')) throw new UsageError(`annotation ${annotation} is invalid and should be in format key=[value]`, false);
  }
  if (defaultBackend !== '' && defaultBackend.split(':').length !== 2) throw new UsageError('default-backend should be in format servicename:serviceport', false);
}

/** `networkingv1.IngressBackend` for `service:port` (a number or a port name). */
function backend(service: string): Struct {
  const [name = '', port = ''] = service.split(':');
  const parsed = intOrString(port);
  const backendPort = typeof parsed === 'number' ? struct({ number: parsed === 0 ? undefined : parsed }) : struct({ name: nonEmpty(parsed) });
  return { service: { name, port: backendPort } };
}

/** One `--rule`'s path: `/path` (Exact) or `/path*` (Prefix) to a backend. */
function httpPath(pathService: string): Struct {
  const parts = pathService.split('=');
  let path = `/${parts[0] ?? ''}`;
  let pathType = 'Exact';
  if (path.endsWith('*')) {
    pathType = 'Prefix';
    path = path.slice(0, -1);
  }
  return { path, pathType, backend: backend(parts[1] ?? '') };
}

/** `spec.rules`: one rule per host, its paths in order. */
function ingressRules(rules: readonly string[]): Struct[] {
  const out: { host: string; paths: Struct[] }[] = [];
  for (const rule of rules) {
    const withoutTls = rule.split(',')[0] ?? '';
    const slash = withoutTls.indexOf('/');
    const host = withoutTls.slice(0, slash);
    const path = httpPath(withoutTls.slice(slash + 1));
    const existing = out.find((r) => r.host === host);
    if (existing !== undefined) existing.paths.push(path);
    else out.push({ host, paths: [path] });
  }
  return out.map((r) => struct({ host: nonEmpty(r.host), http: { paths: r.paths } }));
}

/** `spec.tls`: hosts of the rules with `,tls[=secret]`, grouped by secret, each host once. */
function ingressTls(rules: readonly string[]): Struct[] {
  const seen = new Set<string>();
  const out: { hosts: string[]; secretName: string }[] = [];
  for (const rule of rules) {
    const parts = rule.split(',');
    if (parts.length !== 2) continue;
    const host = rule.split('/')[0] ?? '';
    const secretParts = (parts[1] ?? '').split('=');
    const secret = secretParts.length > 1 ? (secretParts[1] ?? '') : '';
    if (seen.has(host)) continue;
    const existing = out.find((t) => t.secretName === secret);
    seen.add(host);
    if (existing !== undefined) {
      existing.hosts.push(host);
      continue;
    }
    const entry = { hosts: host === '' ? [] : [host], secretName: secret };
    if (entry.secretName !== '' || entry.hosts.length > 0) out.push(entry);
  }
  return out.map((t) => struct({ hosts: nonEmpty(t.hosts), secretName: nonEmpty(t.secretName) }));
}

/** `networkingv1.IngressSpec`. */
export function ingressSpec(className: string, defaultBackend: string, rules: readonly string[]): Struct {
  return struct({
    ingressClassName: nonEmpty(className),
    defaultBackend: defaultBackend === '' ? undefined : backend(defaultBackend),
    tls: nonEmpty(ingressTls(rules)),
    rules: nonEmpty(ingressRules(rules)),
  });
}

/** The `--annotation key=value` pairs (a later key replaces an earlier one). */
export function ingressAnnotations(annotations: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const a of annotations) {
    const eq = a.indexOf('=');
    out[a.slice(0, eq)] = a.slice(eq + 1);
  }
  return out;
}
