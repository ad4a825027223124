import { describe, expect, it } from 'vitest';
import { CliError } from '../../../src/cli/command.js';
import { parseOptions, positiveInteger } from '../../../src/cli/jobs/parse-options.js';

describe('parseOptions', () => {
  const options = { count: { type: 'string' }, flag: { type: 'boolean' } } as const;

  it('parses values and flags', () => {
    expect(parseOptions('x', ['--count', '3', '--flag'], options).values).toEqual({ count: '3', flag: true });
    expect(parseOptions('x', ['--count=4'], options).values).toEqual({ count: '4' });
  });

  it('turns parse errors into CliErrors naming the option and the command help', () => {
    expect(() => parseOptions('ein', ['--nope'], options)).toThrow(
      new CliError("Unknown option '--nope'; run `ussynth ein --help` for the options"),
    );
    expect(() => parseOptions('ein', ['--count'], options)).toThrow(/'--count <value>' argument missing/);
    expect(() => parseOptions('ein', ['--flag=yes'], options)).toThrow(/'--flag' does not take an argument/);
  });

  it("takes a negative number after a value option as its value, so the option's own check names the problem", () => {
    expect(parseOptions('x', ['--count', '-5', '--flag'], options).values).toEqual({ count: '-5', flag: true });
    expect(parseOptions('x', ['--count', '-0.5'], options).values).toEqual({ count: '-0.5' });
    // A flag is not given a value, and a following option is still an option.
    expect(() => parseOptions('ein', ['--flag', '-5'], options)).toThrow(/Unknown option '-5'/);
    expect(() => parseOptions('ein', ['--count', '--flag'], options)).toThrow(/argument is ambiguous/);
  });

  it('refuses a repeated option', () => {
    expect(() => parseOptions('ein', ['--count', '1', '--count=2'], options)).toThrow(
      'option --count is given more than once',
    );
  });

  it('lets an option declared multiple repeat, and names another program in its help hint', () => {
    expect(parseOptions('x', ['--tag', 'a', '--tag', 'b'], { tag: { type: 'string', multiple: true } }).values).toEqual(
      { tag: ['a', 'b'] },
    );
    expect(() => parseOptions('keys', ['--nope'], options, false, 'ussynth-server')).toThrow(
      new CliError("Unknown option '--nope'; run `ussynth-server keys --help` for the options"),
    );
  });
});

describe('positiveInteger', () => {
  it('takes plain decimal whole numbers in range', () => {
    expect(positiveInteger('--count', '1', 10)).toBe(1);
    expect(positiveInteger('--count', '0010', 10)).toBe(10);
  });

  it('refuses anything else, naming the option', () => {
    for (const text of ['0', '11', '-1', '+1', '1.0', '1e1', '0x1', ' 1', '', '1_000', '99999999999999999999']) {
      expect(() => positiveInteger('--count', text, 10)).toThrow(
        `--count must be a whole number from 1 to 10, got ${JSON.stringify(text)}`,
      );
    }
  });
});
