/**
 * Branded error classes: `instanceof` holds for instances of another copy of the module (the CLI's
 * side bundles carry copies), by the class's own brand, and never across different brands.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as errors from '../../../../src/sdk/errors.js';
import * as printerErrors from '../../../../src/printers/errors.js';
import { KustomizeError } from '../../../../src/sdk/kustomize/errors.js';

// A second instance of each module, as a side bundle would hold: a distinct URL is a distinct module.
const copyOf = async <T>(path: string): Promise<T> => (await import(`${new URL(path, import.meta.url).href}?copy`)) as T;

test('errors of a copy of sdk/errors are instances of the original classes by brand', async () => {
  const copy = await copyOf<typeof errors>('../../../../src/sdk/errors.js');
  assert.notEqual(copy.InputError, errors.InputError);
  const input = new copy.InputError('bad', { file: 'f.yaml', line: 3 });
  assert.ok(input instanceof errors.InputError);
  assert.ok(input instanceof errors.PlatformError);
  assert.ok(input instanceof Error);
  assert.ok(!(input instanceof errors.StatusError));
  assert.ok(!(input instanceof errors.ConfigError));
  const timeout = new copy.TimeoutError('slow');
  assert.ok(timeout instanceof errors.TransportError);
  assert.ok(timeout instanceof errors.TimeoutError);
  assert.ok(!(timeout instanceof errors.InputError));
  // And the other way round.
  assert.ok(new errors.InputError('x') instanceof copy.InputError);
});

test('a subclass defined on a copy (KustomizeError over InputError) is an InputError of the original', async () => {
  const copy = await copyOf<{ KustomizeError: typeof KustomizeError }>('../../../../src/sdk/kustomize/errors.js');
  const err = new copy.KustomizeError('broken', { file: 'kustomization.yaml' });
  assert.ok(err instanceof KustomizeError);
  assert.ok(err instanceof errors.InputError);
  assert.ok(!(new errors.InputError('plain') instanceof KustomizeError), 'a parent is not an instance of its subclass');
});

test('a subclass without a brand of its own matches only by prototype', () => {
  class Local extends errors.InputError {}
  assert.ok(new Local('x') instanceof errors.InputError);
  assert.ok(!(new errors.InputError('x') instanceof Local));
  assert.ok(!(Object.create(null) instanceof errors.PlatformError));
  assert.ok(!((null as unknown) instanceof errors.PlatformError));
  assert.ok(!({ name: 'InputError' } instanceof errors.InputError), 'a look-alike object is not an instance');
});

test('printer errors of a copy are instances by brand', async () => {
  const copy = await copyOf<typeof printerErrors>('../../../../src/printers/errors.js');
  const err = new copy.GoTemplateError('bad template', '{{.x', 'partial');
  assert.ok(err instanceof printerErrors.GoTemplateError);
  assert.ok(err instanceof printerErrors.PrinterError);
  assert.ok(!(err instanceof printerErrors.JsonPathError));
  assert.equal((err as printerErrors.GoTemplateError).output, 'partial');
});

test('every error class the SDK exports declares a brand of its own, unique among them', async () => {
  // A class without its own brand is matched only by prototype: a copy's instance (from a CLI side
  // bundle) would then fail `instanceof` against it, and a caller's `catch` would miss it.
  const sdk = await import('../../../../src/sdk/index.js') as Record<string, unknown>;
  const classes = Object.entries(sdk).filter((e): e is [string, abstract new (...args: never[]) => unknown] =>
    typeof e[1] === 'function' && (e[1] as { prototype?: unknown }).prototype instanceof Error);
  assert.ok(classes.length >= 15, `${classes.length} error classes exported`);
  const brands = new Map<string, string>();
  for (const [name, cls] of classes) {
    assert.ok(Object.hasOwn(cls, 'brand'), `${name} declares its own brand`);
    const brand = (cls as unknown as { brand: unknown }).brand;
    assert.equal(typeof brand, 'string', `${name}.brand is a string`);
    assert.equal(brands.get(brand as string), undefined, `${name} and ${brands.get(brand as string) ?? ''} share the brand ${String(brand)}`);
    brands.set(brand as string, name);
  }
});

test('an error of a copy of an exported subclass (WaitTimeoutError) is an instance of the original', async () => {
  const original = await import('../../../../src/sdk/apply/wait-for.js');
  const copy = await copyOf<typeof original>('../../../../src/sdk/apply/wait-for.js');
  assert.notEqual(copy.WaitTimeoutError, original.WaitTimeoutError);
  assert.ok(new copy.WaitTimeoutError('late', undefined) instanceof original.WaitTimeoutError);
  assert.ok(new copy.WaitTimeoutError('late', undefined) instanceof errors.PlatformError);
  assert.ok(!(new errors.PlatformError('x') instanceof original.WaitTimeoutError));
});
