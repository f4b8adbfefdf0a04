/**
 * Shared parts of the port-forward end-to-end tests: a Deployment of web servers that answer with
 * their pod's name, a rolling restart of it, its live pods, and one request on a fresh connection.
 */
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { at, type Body } from '../support/api.js';
import { nodeContainer, type StreamsEnv } from './streams-support.js';

const SERVER = [
  "const http = require('http');",
  "http.createServer((req, res) => res.end(process.env.POD_NAME)).listen(8080, process.env.POD_IP);",
].join(' ');

/** A Deployment of web servers that answer with their pod's name. */
export function webDeployment(name: string, replicas: number): Body {
  return {
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name },
    spec: {
      replicas, selector: { matchLabels: { app: name } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: 0 } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          terminationGracePeriodSeconds: 1,
          containers: [nodeContainer('main', SERVER, {
            ports: [{ name: 'http', containerPort: 8080 }],
            env: [{ name: 'POD_IP', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } }, { name: 'POD_NAME', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
            readinessProbe: { tcpSocket: { port: 8080 }, periodSeconds: 1 },
          })],
        },
      },
    },
  };
}

/** One request on a fresh connection: the pod's name, or the error. */
export function ask(port: number): Promise<string | Error> {
  return new Promise((resolve) => {
    const req = get({ host: '127.0.0.1', port, path: '/', agent: false, timeout: 5000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve(body));
      res.on('error', (e) => resolve(e));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', (e) => resolve(e));
  });
}

/** The names of the Deployment's pods that run and are not being deleted. */
export async function livePods(s: StreamsEnv, app: string): Promise<string[]> {
  const list = await s.api.get(`/api/v1/namespaces/${s.namespace}/pods?labelSelector=app%3D${app}`);
  return (list.body.items as Body[]).filter((p) => at(p, 'metadata.deletionTimestamp') === undefined && at(p, 'status.phase') === 'Running').map((p) => String(at(p, 'metadata.name')));
}

/** The pods of `app` that are running and ready (their readiness probe has answered). */
export async function readyPods(s: StreamsEnv, app: string): Promise<string[]> {
  const list = await s.api.get(`/api/v1/namespaces/${s.namespace}/pods?labelSelector=app%3D${app}`);
  const ready = (p: Body): boolean => ((at(p, 'status.conditions') ?? []) as Body[]).some((c) => at(c, 'type') === 'Ready' && at(c, 'status') === 'True');
  return (list.body.items as Body[]).filter((p) => at(p, 'metadata.deletionTimestamp') === undefined && at(p, 'status.phase') === 'Running' && ready(p)).map((p) => String(at(p, 'metadata.name')));
}

/** Restarts the Deployment's pods as `rollout restart` does: a new template annotation. */
export async function rolloutRestart(s: StreamsEnv, name: string): Promise<void> {
  const r = await s.api.patch(`/apis/apps/v1/namespaces/${s.namespace}/deployments/${name}`, { spec: { template: { metadata: { annotations: { 'test/restartedAt': new Date().toISOString() } } } } }, 'merge');
  assert.equal(r.status, 200, r.text);
}
