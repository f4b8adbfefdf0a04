/**
 * `platformctl create service`: the group of Service generators.
 */
import type { CommandSpec } from '../../../framework/spec.js';
import { spec as clusterip } from './clusterip/spec.js';
import { spec as externalname } from './externalname/spec.js';
import { spec as loadbalancer } from './loadbalancer/spec.js';
import { spec as nodeport } from './nodeport/spec.js';

/** `create service`. */
export const spec: CommandSpec = {
  name: 'service',
  aliases: ['svc'],
  usage: '[flags] [options]',
  summary: 'Create a service using a specified subcommand',
  description: 'Create a service using a specified subcommand.',
  examples: [],
  flags: [],
  subcommands: [clusterip, externalname, loadbalancer, nodeport],
};
