/**
 * Runs one probe (exec, httpGet, tcpSocket) against a container and says success or failure with
 * the kubelet's output texts, which become the `Unhealthy` events' messages.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import type { Container, HTTPGetAction, Probe } from '../../../../sdk/types/generated/core-v1.js';
import type { ExecResult } from '../../runtime/runtime.js';
import { setLongTimeout } from '../../../../machinery/long-timeout.js';

/** A probe's outcome. */
export interface ProbeResult {
  ok: boolean;
  output: string;
}

/** What a probe runs against. */
export interface ProbeTarget {
  exec(id: string, argv: string[], timeoutMs: number): Promise<ExecResult>;
  containerId: string;
  container: Container;
  podIP: string;
}

const MAX_BODY = 10 * 1024;

/** A port given by number or by the name of one of the container's ports. */
function resolvePort(port: number | string, container: Container): number | undefined {
  if (typeof port === 'number') return port;
  if (/^\d+$/.test(port)) return Number(port);
  return container.ports?.find((p) => p.name === port)?.containerPort;
}

function hostOf(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

function dialError(host: string, port: number, e: NodeJS.ErrnoException): string {
  const addr = `${hostOf(host)}:${port}`;
  if (e.code === 'ECONNREFUSED') return `dial tcp ${addr}: connect: connection refused`;
  if (e.code === 'ETIMEDOUT') return `dial tcp ${addr}: i/o timeout`;
  if (e.code === 'EADDRNOTAVAIL') return `dial tcp ${addr}: connect: cannot assign requested address`;
  return `dial tcp ${addr}: ${e.message}`;
}

function tcpProbe(host: string, port: number, timeoutMs: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const timer = setLongTimeout(() => {
      socket.destroy();
      resolve({ ok: false, output: `dial tcp ${hostOf(host)}:${port}: i/o timeout` });
    }, timeoutMs);
    socket.once('connect', () => {
      timer.clear();
      socket.destroy();
      resolve({ ok: true, output: '' });
    });
    socket.once('error', (e: NodeJS.ErrnoException) => {
      timer.clear();
      resolve({ ok: false, output: dialError(host, port, e) });
    });
  });
}

function httpProbe(spec: HTTPGetAction, host: string, port: number, timeoutMs: number): Promise<ProbeResult> {
  const scheme = (spec.scheme ?? 'HTTP').toUpperCase();
  let path = spec.path ?? '/';
  if (!path.startsWith('/')) path = `/${path}`;
  const url = `${scheme.toLowerCase()}://${hostOf(host)}:${port}${path}`;
  const headers: Record<string, string> = { 'User-Agent': 'kube-probe/1.32', Accept: '*/*' };
  for (const h of spec.httpHeaders ?? []) {
    if (h.name !== '') headers[h.name] = h.value;
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: ProbeResult): void => {
      if (settled) return;
      settled = true;
      timer.clear();
      resolve(r);
    };
    const send = scheme === 'HTTPS' ? httpsRequest : httpRequest;
    const req = send({ host, port, path, method: 'GET', headers, rejectUnauthorized: false, agent: false }, (res) => {
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_BODY) res.destroy();
      });
      const finish = (): void => {
        const code = res.statusCode ?? 0;
        done(code >= 200 && code < 400 ? { ok: true, output: '' } : { ok: false, output: `HTTP probe failed with statuscode: ${code}` });
      };
      res.once('end', finish);
      res.once('close', finish);
      res.once('error', finish);
    });
    const timer = setLongTimeout(() => {
      req.destroy();
      done({ ok: false, output: `Get "${url}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)` });
    }, timeoutMs);
    req.once('error', (e: NodeJS.ErrnoException) => done({ ok: false, output: `Get "${url}": ${dialError(host, port, e)}` }));
    req.end();
  });
}

/** Runs a probe once. */
export async function runProbe(probe: Probe, target: ProbeTarget): Promise<ProbeResult> {
  const timeoutMs = Math.max(1, probe.timeoutSeconds ?? 1) * 1000;
  const exec = probe.exec;
  if (exec !== undefined) {
    const argv = exec.command ?? [];
    if (argv.length === 0) return { ok: false, output: 'exec probe has no command' };
    const r = await target.exec(target.containerId, argv, timeoutMs);
    if (r.timedOut) return { ok: false, output: `command "${argv.join(' ')}" timed out` };
    return { ok: r.exitCode === 0, output: r.output };
  }
  const http = probe.httpGet;
  if (http !== undefined) {
    const port = resolvePort(http.port, target.container);
    if (port === undefined) return { ok: false, output: `unable to resolve port ${JSON.stringify(http.port)}` };
    return httpProbe(http, http.host || target.podIP, port, timeoutMs);
  }
  const tcp = probe.tcpSocket;
  if (tcp !== undefined) {
    const port = resolvePort(tcp.port, target.container);
    if (port === undefined) return { ok: false, output: `unable to resolve port ${JSON.stringify(tcp.port)}` };
    return tcpProbe(tcp.host || target.podIP, port, timeoutMs);
  }
  if (probe.grpc !== undefined) return { ok: false, output: 'gRPC probes are not supported by the process runtime' };
  return { ok: false, output: 'the probe names no action (exec, httpGet, tcpSocket)' };
}
