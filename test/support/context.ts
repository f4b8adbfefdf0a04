/**
 * A server context without HTTP for controller tests: a real in-memory store and the registry of
 * built-in kinds, with a clock the test moves by hand.
 */
import type { ServerContext } from '../../src/server/context.js';
import { createServerContext } from '../../src/server/context-factory.js';
import { defaultResolvedOptions } from '../../src/server/index.js';
import { builtinDefs } from '../../src/server/kinds/index.js';
import { Registry } from '../../src/server/registry/registry.js';
import { Store } from '../../src/server/storage/index.js';

/** A clock a test advances. */
export class FakeClock {
  constructor(public ms = Date.parse('2026-01-01T00:00:00Z')) {}
  now = (): number => this.ms;
  advance(ms: number): void {
    this.ms += ms;
  }
}

/** A context and what a test needs to drive it. */
export interface TestContext {
  ctx: ServerContext;
  clock: FakeClock;
  store: Store;
  /** Log lines the context wrote. */
  logs: string[];
}

/** Creates a context over a fresh in-memory store. */
export async function createTestContext(): Promise<TestContext> {
  const clock = new FakeClock();
  const logs: string[] = [];
  const store = await Store.open({ now: clock.now });
  const ctx = createServerContext({ store, registry: new Registry(builtinDefs()), options: defaultResolvedOptions(), caPem: '', now: clock.now, log: (l) => logs.push(l) });
  return { ctx, clock, store, logs };
}
