import type { Command } from '../command.js';
import { addressCommand } from './address.js';
import { batchCommand } from './batch.js';
import { companyCommand } from './company.js';
import { einCommand } from './ein.js';
import { employeeCommand } from './employee.js';
import { householdCommand } from './household.js';
import { phoneCommand } from './phone.js';
import { seedCommand } from './seed.js';
import { zipCommand } from './zip.js';
import { dataCommand } from './data.js';
import { serviceCommand } from './service-command.js';

/**
 * Every command of the `ussynth` binary, in the order `--help` lists them.
 * Each lives in its own file in this folder; add one line here per command.
 * `serve`, `keys` and `accounts` run from the ussynth-server package when it is installed.
 */
export const COMMANDS: readonly Command[] = [
  addressCommand,
  batchCommand,
  companyCommand,
  einCommand,
  householdCommand,
  employeeCommand,
  phoneCommand,
  zipCommand,
  seedCommand,
  dataCommand,
  serviceCommand('serve', 'Serve the REST API and the demo (package ussynth-server)'),
  serviceCommand('keys', 'Create, list, revoke and rotate API keys (package ussynth-server)'),
  serviceCommand('accounts', 'List and show accounts, set plans (package ussynth-server)'),
];
