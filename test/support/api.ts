/**
 * A thin HTTPS client for tests of the local server: trusts its CA, sends its admin token, and
 * returns status, headers and the parsed body; `watch` reads the newline-delimited event stream.
 */
import { Agent, request as httpsRequest } from 'node:https';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';

/** A parsed JSON object answer; read nested values with {@link at}. */
export type Body = Record<string, unknown>;

/**
 * The value at a dotted path (`metadata.name`, `items.0.metadata.name`, `spec.ports.0.port`), or
 * undefined. Keys containing dots can be given as an array path.
 */
export function at(value: unknown, path: string | (string | number)[]): unknown {
  const parts = Array.isArray(path) ? path : path === '' ? [] : path.split('.');
  let cur: unknown = value;
  for (const p of parts) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[String(p)];
  }
  return cur;
}

/** The array at a path (empty when absent or not an array). */
export function arrayAt(value: unknown, path: string | (string | number)[]): unknown[] {
  const v = at(value, path);
  return Array.isArray(v) ? (v as unknown[]) : [];
}

/** The object at a path (empty when absent or not an object). */
export function objectAt(value: unknown, path: string | (string | number)[]): Body {
  const v = at(value, path);
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : {};
}

/** The items of a list answer. */
export function itemsOf(value: unknown): Body[] {
  const items = at(value, 'items');
  return Array.isArray(items) ? (items as Body[]) : [];
}

/** The names of the items of a list answer, in order. */
export function namesOf(value: unknown): string[] {
  return itemsOf(value).map((i) => String(at(i, 'metadata.name')));
}

/** What a request returned. */
export interface ApiResponse<T = Body> {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** Parsed JSON (undefined when the body is not JSON). */
  body: T;
}

/** Options of one request. */
export interface RequestOptions {
  body?: unknown;
  /** Raw body text (sent as is). */
  rawBody?: string;
  contentType?: string;
  accept?: string;
  headers?: Record<string, string>;
  /** `null` sends no Authorization header; a string sends that token. */
  token?: string | null;
}

/** One watch event as received. */
export interface ReceivedEvent<T = Body> {
  type: string;
  object: T;
}

/** A watch in progress. */
export interface WatchStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** Events received so far. */
  events: ReceivedEvent[];
  /** Resolves with the next event not yet taken, or undefined at the end / after `timeoutMs`. */
  next(timeoutMs?: number): Promise<ReceivedEvent | undefined>;
  /** Waits until `count` events in total have arrived (or the timeout). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedEvent[]>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** Starts reading a watch opened with `paused` (a deliberately slow client until then). */
  resume(): void;
  close(): void;
}

/** A client bound to one server. */
export class ApiClient {
  private readonly agent: Agent;
  private readonly base: URL;

  constructor(server: { url: string; caPem: string; adminToken: string }, private readonly token: string | null = server.adminToken) {
    this.base = new URL(server.url);
    this.agent = new Agent({ ca: server.caPem, keepAlive: true, maxSockets: 64 });
  }

  /** Closes pooled connections. */
  close(): void {
    this.agent.destroy();
  }

  private open(method: string, path: string, opts: RequestOptions): Promise<IncomingMessage> {
    const headers: Record<string, string> = { 'User-Agent': 'platformctl-tests/1.0', ...(opts.headers ?? {}) };
    const token = opts.token === undefined ? this.token : opts.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    if (opts.accept !== undefined) headers.Accept = opts.accept;
    let payload: string | undefined;
    if (opts.rawBody !== undefined) payload = opts.rawBody;
    else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
    if (payload !== undefined) {
      headers['Content-Type'] = opts.contentType ?? 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(payload));
    }
    return new Promise((resolve, reject) => {
      const req = httpsRequest({ host: this.base.hostname, port: this.base.port, path, method, headers, agent: this.agent }, resolve);
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }

  /** Sends a request and reads the whole answer. */
  async request<T = Body>(method: string, path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const res = await this.open(method, path, opts);
    const chunks: Buffer[] = [];
    for await (const c of res) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: T = undefined as T;
    try {
      body = JSON.parse(text) as T;
    } catch {
      // not JSON
    }
    return { status: res.statusCode ?? 0, headers: res.headers, text, body };
  }

  get<T = Body>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request('GET', path, opts);
  }
  post<T = Body>(path: string, body: unknown, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request('POST', path, { ...opts, body });
  }
  put<T = Body>(path: string, body: unknown, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request('PUT', path, { ...opts, body });
  }
  /** PATCH with a content type (`merge`, `json`, `strategic`, `apply` shortcuts or a media type). */
  patch<T = Body>(path: string, body: unknown, type: 'merge' | 'json' | 'strategic' | 'apply' | string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    const contentType = ({
      merge: 'application/merge-patch+json', json: 'application/json-patch+json',
      strategic: 'application/strategic-merge-patch+json', apply: 'application/apply-patch+yaml',
    } as Record<string, string>)[type] ?? type;
    return this.request('PATCH', path, { ...opts, body, contentType });
  }
  /** Server-side apply of a JSON or YAML body. */
  apply<T = Body>(path: string, body: unknown, fieldManager: string, opts: RequestOptions & { force?: boolean } = {}): Promise<ApiResponse<T>> {
    const sep = path.includes('?') ? '&' : '?';
    const q = `${sep}fieldManager=${encodeURIComponent(fieldManager)}${opts.force === true ? '&force=true' : ''}`;
    const payload = typeof body === 'string' ? { rawBody: body } : { body };
    return this.request('PATCH', path + q, { ...opts, ...payload, contentType: 'application/apply-patch+yaml' });
  }
  delete<T = Body>(path: string, body?: unknown, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.request('DELETE', path, body === undefined ? opts : { ...opts, body });
  }

  /** Starts a watch (`path` should carry `watch=1`). */
  async watch(path: string, opts: RequestOptions & { paused?: boolean } = {}): Promise<WatchStream> {
    const res = await this.open('GET', path, opts);
    const events: ReceivedEvent[] = [];
    let taken = 0;
    let done = false;
    const waiters = new Set<() => void>();
    const wake = (): void => {
      for (const w of [...waiters]) w();
    };
    let buffer = '';
    let endResolve: () => void = () => undefined;
    const ended = new Promise<void>((r) => {
      endResolve = r;
    });
    res.setEncoding('utf8');
    const onData = (chunk: string): void => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        if (line === '') continue;
        try {
          events.push(JSON.parse(line) as ReceivedEvent);
        } catch {
          events.push({ type: 'UNPARSEABLE', object: { line } });
        }
      }
      wake();
    };
    if (opts.paused === true) res.pause();
    else res.on('data', onData);
    const finish = (): void => {
      done = true;
      wake();
      endResolve();
    };
    res.on('end', finish);
    res.on('close', finish);
    res.on('error', finish);
    const waitUntil = (cond: () => boolean, timeoutMs: number): Promise<void> => new Promise((resolve) => {
      if (cond() || done) {
        resolve();
        return;
      }
      const timer = setTimeout(() => {
        waiters.delete(check);
        resolve();
      }, timeoutMs);
      const check = (): void => {
        if (cond() || done) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
    });
    if ((res.statusCode ?? 0) !== 200) {
      const chunks: string[] = [];
      for await (const c of res) chunks.push(String(c));
    }
    return {
      status: res.statusCode ?? 0,
      headers: res.headers,
      events,
      async next(timeoutMs = 5000) {
        await waitUntil(() => events.length > taken, timeoutMs);
        if (events.length > taken) return events[taken++];
        return undefined;
      },
      async waitFor(count: number, timeoutMs = 5000) {
        await waitUntil(() => events.length >= count, timeoutMs);
        return events;
      },
      ended,
      resume() {
        res.on('data', onData);
        res.resume();
      },
      close() {
        res.destroy();
      },
    };
  }
}
