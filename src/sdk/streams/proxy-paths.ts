/**
 * Paths of the proxy sub-resources: `pods/proxy`, `services/proxy` and `nodes/proxy`, with the
 * `[scheme:]name[:port]` form of the name the API server accepts.
 */

function proxyName(name: string, port?: string | number, scheme?: string): string {
  const parts = [scheme, name, port === undefined ? undefined : String(port)].filter((p): p is string => p !== undefined && p !== '');
  if (scheme !== undefined && scheme !== '' && (port === undefined || port === '')) parts.push('');
  return encodeURIComponent(parts.join(':')).replace(/%3A/g, ':');
}

function tail(path: string | undefined): string {
  if (path === undefined || path === '') return '/';
  return path.startsWith('/') ? path : `/${path}`;
}

/** Options naming the target of a proxy path. */
export interface ProxyTarget {
  /** Port number or name (services: the port's name or number). */
  port?: string | number;
  /** `http` (default) or `https`. */
  scheme?: string;
  /** The path below the target (default `/`). */
  path?: string;
}

/** `/api/v1/namespaces/{ns}/pods/{[scheme:]name[:port]}/proxy{path}`. */
export function podProxyPath(namespace: string, name: string, target: ProxyTarget = {}): string {
  return `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${proxyName(name, target.port, target.scheme)}/proxy${tail(target.path)}`;
}

/** `/api/v1/namespaces/{ns}/services/{[scheme:]name[:port]}/proxy{path}`. */
export function serviceProxyPath(namespace: string, name: string, target: ProxyTarget = {}): string {
  return `/api/v1/namespaces/${encodeURIComponent(namespace)}/services/${proxyName(name, target.port, target.scheme)}/proxy${tail(target.path)}`;
}

/** `/api/v1/nodes/{[scheme:]name[:port]}/proxy{path}`. */
export function nodeProxyPath(name: string, target: ProxyTarget = {}): string {
  return `/api/v1/nodes/${proxyName(name, target.port, target.scheme)}/proxy${tail(target.path)}`;
}
