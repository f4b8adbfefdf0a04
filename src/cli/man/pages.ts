/**
 * All man pages: `platformctl.1` and one page per visible command and subcommand, generated from
 * the command specs (the same ones that drive parsing, help and completion).
 */
import { BINARY_NAME } from '../../sdk/naming.js';
import { GLOBAL_FLAGS } from '../flags/global.js';
import type { CommandSpec } from '../framework/spec.js';
import { manPageName, renderManPage } from './page.js';

/** The description of the root page. */
export const ROOT_DESCRIPTION = [
  `${BINARY_NAME} controls a platform cluster: a kubectl-equivalent client for the platform cluster API.`,
  `Find more information in the page of each command (see below), with "${BINARY_NAME} <command> --help", and the ` +
    `global flags with "${BINARY_NAME} options".`,
].join('\n\n');

function visible(specs: readonly CommandSpec[] | undefined): CommandSpec[] {
  return (specs ?? []).filter((s) => s.hidden !== true).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Every page by file name, in a stable order. */
export function manPages(topLevel: readonly CommandSpec[]): Map<string, string> {
  const pages = new Map<string, string>();
  const roots = visible(topLevel);
  pages.set(manPageName([]), renderManPage({ spec: undefined, path: [], rootDescription: ROOT_DESCRIPTION, children: roots, globalFlags: GLOBAL_FLAGS }));
  const walk = (spec: CommandSpec, path: string[]): void => {
    const children = visible(spec.subcommands);
    pages.set(manPageName(path), renderManPage({ spec, path, children, globalFlags: GLOBAL_FLAGS }));
    for (const c of children) walk(c, [...path, c.name]);
  };
  for (const s of roots) walk(s, [s.name]);
  return pages;
}
