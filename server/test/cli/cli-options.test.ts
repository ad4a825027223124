import { CliError } from 'ussynth/cli';
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/cli/cli-options.js';

describe("parse (ussynth-server commands, through the library CLI's parseOptions)", () => {
  const options = {
    account: { type: 'string' },
    json: { type: 'boolean' },
    domain: { type: 'string', multiple: true },
  } as const;

  it('parses values, flags and a repeatable option', () => {
    const { values } = parse(
      'keys',
      ['--account', 'acme', '--json', '--domain', 'a.example', '--domain', 'b.example'],
      options,
    );
    expect(values).toEqual({ account: 'acme', json: true, domain: ['a.example', 'b.example'] });
  });

  it('refuses an option given twice unless it is declared multiple', () => {
    expect(() => parse('keys', ['--account', 'a', '--account=b'], options)).toThrow(
      new CliError('option --account is given more than once'),
    );
  });

  it('names an unknown option and the command to ask for help', () => {
    expect(() => parse('accounts', ['--jsn'], options)).toThrow(
      new CliError("Unknown option '--jsn'; run `ussynth-server accounts --help` for the options"),
    );
  });

  it('checks the number of positionals', () => {
    expect(parse('keys', ['k1'], {}, 1).positionals).toEqual(['k1']);
    expect(() => parse('keys', [], {}, 1)).toThrow('expected exactly one key ID');
    expect(() => parse('accounts', ['a', 'b'], {}, 1, 'account name')).toThrow('expected exactly one account name');
    expect(() => parse('keys', ['extra'], {})).toThrow(/Unexpected argument 'extra'/);
  });
});
