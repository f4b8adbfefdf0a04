/**
 * Which proxy a request goes through: the cluster's `proxy-url` when set, else the standard
 * environment variables with Go's `httpproxy` rules (HTTPS_PROXY for https, HTTP_PROXY for http,
 * upper case first; NO_PROXY with hosts, `.domain` suffixes, IPs, CIDRs, ports and `*`; never for
 * `localhost` or loopback addresses).
 */
import { BlockList, isIP } from 'node:net';

/** Environment variables, as passed in by the caller (never read from `process.env` here). */
export type Env = Readonly<Record<string, string | undefined>>;

function envAny(env: Env, ...names: string[]): string {
  for (const name of names) {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
  }
  return '';
}

function normalizeProxyUrl(value: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`;
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function isLoopback(host: string): boolean {
  if (host === 'localhost') return true;
  const kind = isIP(host);
  if (kind === 4) return host.startsWith('127.');
  if (kind === 6) return host === '::1';
  return false;
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' ? '443' : '80';
}

/** Whether NO_PROXY excludes this host and port. */
export function matchesNoProxy(noProxy: string, host: string, port: string): boolean {
  const hostname = stripBrackets(host).toLowerCase();
  for (const raw of noProxy.split(',')) {
    let entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    if (entry === '*') return true;
    if (entry.includes('/')) {
      const [net, bitsText] = entry.split('/');
      const kind = isIP(hostname);
      const netKind = isIP(net ?? '');
      if (kind !== 0 && kind === netKind && net !== undefined && bitsText !== undefined) {
        const list = new BlockList();
        list.addSubnet(net, Number(bitsText), kind === 4 ? 'ipv4' : 'ipv6');
        if (list.check(hostname, kind === 4 ? 'ipv4' : 'ipv6')) return true;
      }
      continue;
    }
    let entryPort = '';
    const portMatch = /^(.*):(\d+)$/.exec(entry);
    if (portMatch !== null && isIP(stripBrackets(entry)) !== 6) {
      entry = portMatch[1] ?? entry;
      entryPort = portMatch[2] ?? '';
    }
    entry = stripBrackets(entry);
    if (entryPort !== '' && entryPort !== port) continue;
    if (isIP(entry) !== 0) {
      if (entry === hostname) return true;
      continue;
    }
    if (entry.startsWith('*.')) entry = entry.slice(1);
    if (entry.startsWith('.')) {
      // Go: `.example.com` (and `*.example.com`) match subdomains only.
      if (hostname.endsWith(entry)) return true;
    } else if (hostname === entry || hostname.endsWith(`.${entry}`)) {
      return true;
    }
  }
  return false;
}

/** The proxy URL for `target`, or undefined for a direct connection. */
export function resolveProxy(target: URL, proxyURL: string | undefined, env: Env): string | undefined {
  if (proxyURL !== undefined && proxyURL !== '') return normalizeProxyUrl(proxyURL);
  const host = stripBrackets(target.hostname);
  if (isLoopback(host)) return undefined;
  const proxy = target.protocol === 'https:'
    ? envAny(env, 'HTTPS_PROXY', 'https_proxy')
    : envAny(env, 'HTTP_PROXY', 'http_proxy');
  if (proxy === '') return undefined;
  const noProxy = envAny(env, 'NO_PROXY', 'no_proxy');
  if (noProxy !== '' && matchesNoProxy(noProxy, host, target.port === '' ? defaultPort(target.protocol) : target.port)) return undefined;
  return normalizeProxyUrl(proxy);
}
