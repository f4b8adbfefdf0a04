/**
 * The first stage of every request: what it addresses. Resource requests (`/api/v1/...`,
 * `/apis/<group>/<version>/...`) get a verb, group, version, resource, namespace, name and
 * sub-resource, as the API server's RequestInfoFactory derives them; everything else is a
 * non-resource request whose verb is the lowercase HTTP method.
 */
import { queryBool } from './query-bool.js';

/** What a request addresses. */
export interface RequestInfo {
  isResourceRequest: boolean;
  /** API verb (`get`, `list`, `watch`, `create`, ...) or, for non-resource requests, the lowercase method. */
  verb: string;
  path: string;
  /** `api` or `apis` for API paths. */
  apiPrefix: string;
  apiGroup: string;
  apiVersion: string;
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
  /** Path segments after the sub-resource (proxy paths). */
  parts: string[];
}

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

/**
 * The path of a request target exactly as sent (still percent-encoded). WHATWG URL parsing would
 * resolve `.` and `..` segments (`%2e%2e` included) and read `\\` as `/`, so that
 * `/api/v1/namespaces/x/configmaps/%2e%2e` addressed the namespace; the API server routes the
 * path as it is and refuses such names instead.
 */
export function rawRequestPath(target: string): string {
  const authority = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[^/?#]*/.exec(target);
  const rest = authority === null ? target : target.slice(authority[0].length);
  const end = rest.search(/[?#]/);
  const path = end < 0 ? rest : rest.slice(0, end);
  return path === '' ? '/' : path;
}

/** What is wrong with a name used as a path segment (apimachinery's IsValidPathSegmentName). */
export function pathSegmentNameProblems(name: string): string[] {
  if (name === '.' || name === '..') return [`may not be '${name}'`];
  const problems: string[] = [];
  for (const illegal of ['/', '%']) if (name.includes(illegal)) problems.push(`may not contain '${illegal}'`);
  return problems;
}

function isWatch(query: URLSearchParams): boolean {
  return queryBool(query.get('watch')) === true;
}

/** Derives the request info from method, path and query. */
export function parseRequestInfo(method: string, path: string, query: URLSearchParams): RequestInfo {
  const info: RequestInfo = {
    isResourceRequest: false, verb: method.toLowerCase(), path, apiPrefix: '', apiGroup: '', apiVersion: '',
    namespace: '', resource: '', subresource: '', name: '', parts: [],
  };
  let segments = path.split('/').filter((s) => s !== '').map((s) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  });
  const prefix = segments[0];
  if (prefix !== 'api' && prefix !== 'apis') return info;
  info.apiPrefix = prefix;
  segments = segments.slice(1);
  if (prefix === 'apis') {
    if (segments.length < 1) return info;
    info.apiGroup = segments[0] ?? '';
    segments = segments.slice(1);
  }
  if (segments.length < 1) return info;
  info.apiVersion = segments[0] ?? '';
  segments = segments.slice(1);
  if (segments.length < 1) return info;
  info.isResourceRequest = true;
  switch (method) {
    case 'POST': info.verb = 'create'; break;
    case 'GET':
    case 'HEAD': info.verb = 'get'; break;
    case 'PUT': info.verb = 'update'; break;
    case 'PATCH': info.verb = 'patch'; break;
    case 'DELETE': info.verb = 'delete'; break;
    default: info.verb = ''; break;
  }
  let legacyWatch = false;
  if (segments[0] === 'watch') {
    legacyWatch = true;
    info.verb = 'watch';
    segments = segments.slice(1);
  }
  if (segments[0] === 'namespaces') {
    if (segments.length > 1) {
      info.namespace = segments[1] ?? '';
      if (segments.length > 2 && !NAMESPACE_SUBRESOURCES.has(segments[2] ?? '')) segments = segments.slice(2);
    }
  }
  info.resource = segments[0] ?? '';
  if (segments.length >= 2) info.name = segments[1] ?? '';
  if (segments.length >= 3) info.subresource = segments[2] ?? '';
  if (segments.length > 3) info.parts = segments.slice(3);
  if (info.name === '' && info.verb === 'get') info.verb = isWatch(query) ? 'watch' : 'list';
  else if (info.verb === 'get' && isWatch(query)) info.verb = 'watch';
  if (info.name === '' && info.verb === 'delete') info.verb = 'deletecollection';
  if (legacyWatch && info.verb !== 'watch') info.verb = 'watch';
  return info;
}
