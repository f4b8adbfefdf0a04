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

/** A clock a test advances; timers set on it fire when `advance` passes their time. */
export class FakeClock {
  private timers: { at: number; seq: number; fn: () => void }[] = [];
  private seq = 0;
  constructor(public ms = Date.parse('2026-01-01T00:00:00Z')) {}
  now = (): number => this.ms;
  /** Calls `fn` once the clock has been advanced by `ms` (a ControllerClock's timer). */
  setTimer = (fn: () => void, ms: number): (() => void) => {
    const timer = { at: this.ms + Math.max(0, ms), seq: this.seq++, fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  };
  /** Moves the clock, firing due timers in time order. */
  advance(ms: number): void {
    const target = this.ms + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.ms = Math.max(this.ms, due.at);
      due.fn();
    }
    this.ms = target;
  }
  /** Timers not yet fired. */
  get pendingTimers(): number {
    return this.timers.length;
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
