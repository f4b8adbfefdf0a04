/**
 * The calls authentication makes (OIDC discovery and keys, token webhooks): the server's outbound
 * call with its deadline, the answer parsed as JSON, failures in authentication's words.
 */
import { callOutbound, endpointOf, OutboundError, type OutboundAnswer, type OutboundCall } from '../../http/outbound.js';

/** Time limit of one call. */
const CALL_DEADLINE_MS = 10_000;

/** One call: a GET, or a POST of `body`. */
export interface JsonCall extends Pick<OutboundCall, 'ca' | 'cert' | 'key' | 'insecureSkipTLSVerify' | 'headers'> {
  body?: unknown;
}

/** The status and parsed body of an answer. */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** GETs, or POSTs the body, and parses the JSON answer (a non-JSON body is an error). */
export async function fetchJson(url: string, call: JsonCall = {}): Promise<JsonAnswer> {
  const u = new URL(url);
  const { body, ...rest } = call;
  let answer: OutboundAnswer;
  try {
    answer = await callOutbound({
      ...rest, method: body === undefined ? 'GET' : 'POST', endpoint: endpointOf(u), deadlineMs: CALL_DEADLINE_MS, keepAlive: true,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (e) {
    if (!(e instanceof OutboundError) || e.failure === 'transport') throw e;
    throw new Error(`${u.origin}${u.pathname}${e.failure === 'timeout' ? ` did not answer within ${String(CALL_DEADLINE_MS)} ms` : `: ${e.message}`}`);
  }
  try {
    return { status: answer.status, body: answer.text === '' ? undefined : JSON.parse(answer.text) };
  } catch {
    throw new Error(`${u.origin}${u.pathname} answered ${String(answer.status)} with a body that is not JSON`);
  }
}
