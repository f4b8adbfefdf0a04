/**
 * The completion engine on a synthetic command tree with fixed dynamic sources: every case of
 * `__complete` (commands, subcommands, flags, flag values, config names, namespaces, resource
 * types and names, TYPE/NAME, file and directory directives) without config files or a server.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { complete } from '../../../../src/cli/completion/engine.js';
import type { CommandTable } from '../../../../src/cli/completion/command-line.js';
import { Directive } from '../../../../src/cli/completion/directive.js';
import { formatResult } from '../../../../src/cli/completion/result.js';
import type { CompletionSources, SourceSettings } from '../../../../src/cli/completion/sources.js';
import type { CommandSpec } from '../../../../src/cli/framework/spec.js';

const noop = async (): Promise<void> => undefined;
const base = { usage: '[flags]', description: 'd', examples: [], load: async () => noop };

const get: CommandSpec = {
  ...base,
  name: 'get',
  summary: 'Display one or many resources',
  flags: [
    { name: 'output', short: 'o', type: 'string', description: 'Output format.', complete: { kind: 'output' } },
    { name: 'filename', short: 'f', type: 'stringSlice', description: 'Files.', complete: { kind: 'file', extensions: ['json', 'yaml', 'yml'] } },
    { name: 'watch', short: 'w', type: 'bool', description: 'Watch.' },
    { name: 'secret-thing', type: 'bool', description: 'Hidden.', hidden: true },
    { name: 'selector', short: 'l', type: 'string', description: 'Selector.' },
  ],
  args: 'resource-type-then-names',
};
const logs: CommandSpec = { ...base, name: 'logs', summary: 'Print the logs', flags: [], args: 'resource-names-of-first-arg' };
const useContext: CommandSpec = { ...base, name: 'use-context', aliases: ['use'], summary: 'Set the current-context', flags: [], args: 'contexts' };
const view: CommandSpec = { ...base, name: 'view', summary: 'Display merged config', flags: [{ name: 'raw', type: 'bool', description: 'Raw.' }], args: 'none' };
const config: CommandSpec = {
  name: 'config', usage: 'SUBCOMMAND', summary: 'Modify config files', description: 'd', examples: [], flags: [],
  subcommands: [view, useContext, { ...base, name: 'zz-hidden', summary: 'hidden', flags: [], hidden: true }],
};
const cp: CommandSpec = { ...base, name: 'cp', summary: 'Copy files', flags: [], args: 'files' };
const debug: CommandSpec = { ...base, name: 'debug', summary: 'Debug', flags: [{ name: 'dir', type: 'string', description: 'A directory.', complete: { kind: 'dir' } }], args: { kind: 'values', values: ['alpha', 'beta'] } };
const tree = [get, config, logs, cp, debug, { ...base, name: '__complete', summary: 'x', flags: [], hidden: true }];
const commands: CommandTable = {
  find: async (name) => tree.find((c) => c.name === name || (c.aliases ?? []).includes(name)),
  all: async () => tree,
};

interface Recorded {
  settings: SourceSettings[];
  calls: string[];
}

function fakeSources(rec: Recorded = { settings: [], calls: [] }) {
  return (settings: SourceSettings): CompletionSources => {
    rec.settings.push(settings);
    const answer = (name: string, list: string[]) => async () => {
      rec.calls.push(name);
      return list;
    };
    return {
      contexts: answer('contexts', ['prod', 'dev', 'dev-eu']),
      clusters: answer('clusters', ['c1', 'c2']),
      users: answer('users', ['admin', 'alice']),
      namespaces: answer('namespaces', ['default', 'platform-system', 'team-a']),
      resourceTypes: answer('resourceTypes', ['configmaps', 'pods', 'secrets', 'deployments.apps', 'pods']),
      resourceNames: async (type: string) => {
        rec.calls.push(`names:${type}`);
        return type === 'pods' || type === 'pod' ? ['web-1', 'web-2', 'db-0'] : [];
      },
    };
  };
}

async function run(words: string[], rec?: Recorded) {
  const res = await complete(words, { sources: fakeSources(rec), commands });
  return { values: res.candidates.map((c) => c.value), directive: res.directive, res };
}

test('root: visible commands, sorted, with summaries; no file names', async () => {
  const r = await run(['']);
  assert.deepEqual(r.values, ['config', 'cp', 'debug', 'get', 'logs']);
  assert.equal(r.directive, Directive.NoFileComp);
  assert.equal(r.res.candidates.find((c) => c.value === 'get')?.description, 'Display one or many resources');
  assert.deepEqual((await run(['c'])).values, ['config', 'cp']);
});

test('subcommands of a group, hidden ones left out; aliases resolve', async () => {
  assert.deepEqual((await run(['config', ''])).values, ['use-context', 'view']);
  assert.deepEqual((await run(['config', 'v'])).values, ['view']);
  const rec: Recorded = { settings: [], calls: [] };
  assert.deepEqual((await run(['config', 'use', ''], rec)).values, ['dev', 'dev-eu', 'prod']);
});

test('global flags before the command do not hide it', async () => {
  assert.deepEqual((await run(['-n', 'x', '--context=dev', 'config', ''])).values, ['use-context', 'view']);
});

test('flags: long names for --, long and short for -, hidden flags never', async () => {
  const dd = await run(['get', '--o']);
  assert.deepEqual(dd.values, ['--output']);
  assert.equal(dd.directive, Directive.NoFileComp);
  const single = (await run(['get', '-'])).values;
  for (const v of ['--output', '-o', '--watch', '-w', '--namespace', '-n', '--context', '--help', '-h']) assert.ok(single.includes(v), v);
  assert.ok(!single.some((v) => v.includes('secret-thing')));
  // Local flags come before the global ones.
  assert.ok(single.indexOf('--output') < single.indexOf('--as'));
  assert.deepEqual((await run(['get', '-o'])).values, ['-o']);
  assert.deepEqual((await run(['get', '--he'])).res.candidates, [{ value: '--help', description: 'help for get' }]);
});

test('flags already given are not offered again, unless they repeat', async () => {
  const values = (await run(['get', '-o', 'json', '--watch', '-f', 'a.yaml', '--'])).values;
  assert.ok(!values.includes('--output'));
  assert.ok(!values.includes('--watch'));
  assert.ok(values.includes('--filename'));
});

test('flag values: fixed lists and -o formats, in every spelling', async () => {
  assert.deepEqual((await run(['get', '-o', 'j'])).values, ['json', 'jsonpath', 'jsonpath-as-json', 'jsonpath-file']);
  assert.deepEqual((await run(['get', '--output', 'ya'])).values, ['yaml']);
  assert.deepEqual((await run(['get', '--output=ya'])).values, ['yaml']);
  assert.deepEqual((await run(['get', '-o=ya'])).values, ['yaml']);
  assert.equal((await run(['get', '-o', ''])).directive, Directive.NoFileComp);
  // A boolean flag takes no value: the next word is an argument.
  assert.deepEqual((await run(['get', '--watch', 'po'])).values, ['pods']);
  assert.deepEqual((await run(['get', '--watch=zz'])).values, []);
});

test('flag without a hint: any value, the shell may complete file names', async () => {
  const r = await run(['get', '-l', '']);
  assert.deepEqual(r.values, []);
  assert.equal(r.directive, Directive.Default);
});

test('-f: the extensions, with the FilterFileExt directive', async () => {
  for (const words of [['get', '-f', ''], ['get', '--filename', ''], ['get', '--filename=']]) {
    const r = await run(words);
    assert.deepEqual(r.values, ['json', 'yaml', 'yml'], words.join(' '));
    assert.equal(r.directive, Directive.FilterFileExt);
  }
});

test('directories only: FilterDirs; file arguments: default directive', async () => {
  assert.equal((await run(['debug', '--dir', ''])).directive, Directive.FilterDirs);
  assert.equal((await run(['cp', ''])).directive, Directive.Default);
  assert.deepEqual((await run(['debug', ''])).values, ['alpha', 'beta']);
});

test('--context, --cluster, --user from the config; -n from the server', async () => {
  assert.deepEqual((await run(['--context', ''])).values, ['dev', 'dev-eu', 'prod']);
  assert.deepEqual((await run(['get', '--context=de'])).values, ['dev', 'dev-eu']);
  assert.deepEqual((await run(['--cluster', ''])).values, ['c1', 'c2']);
  assert.deepEqual((await run(['--user', 'a'])).values, ['admin', 'alice']);
  assert.deepEqual((await run(['get', '-n', 't'])).values, ['team-a']);
  assert.deepEqual((await run(['get', '--namespace', ''])).values, ['default', 'platform-system', 'team-a']);
});

test('settings on the line reach the sources (config file, context, namespace, timeout)', async () => {
  const rec: Recorded = { settings: [], calls: [] };
  await run(['--kubeconfig', '/tmp/x', '--context=dev', 'get', '-n', 'team-a', '--request-timeout=1s', '--insecure-skip-tls-verify', 'pods', ''], rec);
  assert.deepEqual(rec.settings, [
    { kubeconfig: '/tmp/x', context: 'dev', namespace: 'team-a', requestTimeout: '1s', insecureSkipTlsVerify: true },
  ]);
  assert.deepEqual(rec.calls, ['names:pods']);
});

test('sources are not created for static completions', async () => {
  const rec: Recorded = { settings: [], calls: [] };
  await run(['get', '--o'], rec);
  await run([''], rec);
  await run(['get', '-o', ''], rec);
  assert.deepEqual(rec.settings, []);
});

test('resource types, then names of that type without those already given', async () => {
  const types = await run(['get', '']);
  assert.deepEqual(types.values, ['configmaps', 'deployments.apps', 'pods', 'secrets']);
  assert.equal(types.directive, Directive.NoFileComp);
  assert.deepEqual((await run(['get', 'pods,sec'])).values, ['pods,secrets']);
  assert.deepEqual((await run(['get', 'pods', ''])).values, ['db-0', 'web-1', 'web-2']);
  assert.deepEqual((await run(['get', 'pods', 'web-1', 'w'])).values, ['web-2']);
});

test('TYPE/NAME: names after the slash; more TYPE/ after a TYPE/NAME', async () => {
  assert.deepEqual((await run(['get', 'pods/w'])).values, ['pods/web-1', 'pods/web-2']);
  assert.deepEqual((await run(['get', 'pods/web-1', 'pods/'])).values, ['pods/db-0', 'pods/web-2']);
  const more = await run(['get', 'pods/web-1', 'se']);
  assert.deepEqual(more.values, ['secrets/']);
  assert.equal(more.directive, Directive.NoFileComp | Directive.NoSpace);
});

test('one object only: no names after the first', async () => {
  assert.deepEqual((await run(['logs', 'pod', ''])).values, ['db-0', 'web-1', 'web-2']);
  assert.deepEqual((await run(['logs', 'pod', 'web-1', ''])).values, []);
  assert.deepEqual((await run(['logs', 'pod/web-1', 'pod/'])).values, []);
});

test('after --, words are arguments, never flags', async () => {
  assert.deepEqual((await run(['get', '--', '-'])).values, []);
});

test('an unknown command (perhaps a plugin) gets the default directive', async () => {
  const r = await run(['my-plugin', '']);
  assert.deepEqual(r.values, []);
  assert.equal(r.directive, Directive.Default);
});

test('output format: value<TAB>description lines, then :directive', async () => {
  const r = await complete(['config', ''], { sources: fakeSources(), commands });
  assert.equal(formatResult(r, true), 'use-context\tSet the current-context\nview\tDisplay merged config\n:4\n');
  assert.equal(formatResult(r, false), 'use-context\nview\n:4\n');
  assert.equal(
    formatResult({ candidates: [{ value: 'a', description: 'two\nlines\twith tab' }], directive: 0 }, true),
    'a\ttwo\n:0\n',
  );
});
