import { CliError, type Command, type CommandIo } from '../command.js';
import { isMissingModule } from '../../missing-module.js';

/** The package that holds the API server and its operator commands. */
export const SERVICE_PACKAGE = 'ussynth-server';

/** What the service package exports at `ussynth-server/commands`. */
interface ServiceCommands {
  SERVICE_COMMANDS: readonly Command[];
}

// A variable specifier keeps bundlers and the type checker from following it: the library never depends on the service.
const serviceCommandsModule = `${SERVICE_PACKAGE}/commands`;

async function loadServiceCommands(name: string): Promise<readonly Command[]> {
  try {
    return ((await import(serviceCommandsModule)) as ServiceCommands).SERVICE_COMMANDS;
  } catch (error) {
    if (!isMissingModule(error, SERVICE_PACKAGE)) throw error;
    throw new CliError(
      `\`ussynth ${name}\` runs the API server, which is the separate package ${SERVICE_PACKAGE} (Fastify, SQLite and the other service dependencies stay out of the library); ` +
        `install it with \`npm install ${SERVICE_PACKAGE}\`, then run \`npx ${SERVICE_PACKAGE} ${name}\` (or this command again)`,
    );
  }
}

/**
 * A `ussynth` command that runs the same command of the ussynth-server
 * package when it is installed, and otherwise says how to install it.
 * @example const serve = serviceCommand('serve', 'Serve the REST API and the demo (ussynth-server)');
 */
export function serviceCommand(name: string, summary: string): Command {
  return {
    name,
    summary,
    help: `Usage: ussynth ${name} ...

Runs \`${SERVICE_PACKAGE} ${name}\`: the API server and its operator commands are the
separate package ${SERVICE_PACKAGE} (npm install ${SERVICE_PACKAGE}).
\`npx ${SERVICE_PACKAGE} ${name} --help\` lists the options.
`,
    async run(args: string[], io: CommandIo): Promise<number> {
      const command = (await loadServiceCommands(name)).find((c) => c.name === name);
      if (!command)
        throw new CliError(
          `the installed ${SERVICE_PACKAGE} has no \`${name}\` command; update it to the version of ussynth`,
        );
      return command.run(args, io);
    },
  };
}
