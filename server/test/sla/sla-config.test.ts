import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { DEFAULT_SLA, loadSlaConfig, parseObjectivePercent } from '../../src/sla/sla-config.js';
import { creditPercent, creditSteps } from '../../src/sla/sla-terms.js';

function load(env: NodeJS.ProcessEnv) {
  const problems: string[] = [];
  return { sla: loadSlaConfig(env, problems), problems };
}

describe('the SLA configuration', () => {
  it('defaults to the published terms: 99.9 % for every plan, 10/25/50 % credits, 2.5 s', () => {
    const { sla, problems } = load({});
    expect(problems).toEqual([]);
    expect(sla).toEqual(DEFAULT_SLA);
    expect(creditSteps(sla, 99.9)).toEqual([
      { belowPercent: 99.9, creditPercent: 10 },
      { belowPercent: 99, creditPercent: 25 },
      { belowPercent: 95, creditPercent: 50 },
    ]);
  });

  it('takes other objectives, credits and threshold', () => {
    const { sla, problems } = load({
      USSYNTH_SLA_OBJECTIVE_PRO: '99.95',
      USSYNTH_SLA_OBJECTIVE_ENTERPRISE: '99.99',
      USSYNTH_SLA_CREDITS: '5@objective,20@99.5,100@90',
      USSYNTH_SLI_SLOW_MS: '1000',
    });
    expect(problems).toEqual([]);
    expect(sla.objectivePercent).toEqual({ standard: 99.9, pro: 99.95, enterprise: 99.99 });
    expect(creditSteps(sla, 99.95)).toEqual([
      { belowPercent: 99.95, creditPercent: 5 },
      { belowPercent: 99.5, creditPercent: 20 },
      { belowPercent: 90, creditPercent: 100 },
    ]);
    expect(sla.slowMs).toBe(1000);
  });

  it('names every bad variable, and the server does not start with one', () => {
    const { problems } = load({
      USSYNTH_SLA_OBJECTIVE_STANDARD: '100',
      USSYNTH_SLA_OBJECTIVE_PRO: '99,9',
      USSYNTH_SLA_CREDITS: '10@objective,5@99',
      USSYNTH_SLI_SLOW_MS: '5',
    });
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^USSYNTH_SLA_OBJECTIVE_STANDARD must be a percentage above 0 and below 100/);
    expect(problems[1]).toMatch(/^USSYNTH_SLA_OBJECTIVE_PRO .*"99,9"/);
    expect(problems[2]).toMatch(/^USSYNTH_SLA_CREDITS .*each step's credit must be larger/);
    expect(problems[3]).toMatch(/^USSYNTH_SLI_SLOW_MS must be a whole number of milliseconds/);
    expect(load({ USSYNTH_SLA_CREDITS: '10@99,25@objective' }).problems[0]).toMatch(
      /"objective" can only be the first step/,
    );
    expect(load({ USSYNTH_SLA_CREDITS: '10@97,25@98' }).problems[0]).toMatch(/lower than the step before/);
    expect(load({ USSYNTH_SLA_CREDITS: 'ten@99' }).problems[0]).toMatch(/"ten@99" is not credit@availability/);
    expect(() => loadConfig({ USSYNTH_SLA_OBJECTIVE_PRO: '101' })).toThrow(ConfigError);
  });

  it("publishes the status page's request counts only when the operator says show", () => {
    expect(load({}).sla.statusRequestCounts).toBe(false);
    expect(load({ USSYNTH_STATUS_REQUEST_COUNTS: 'hide' }).sla.statusRequestCounts).toBe(false);
    expect(load({ USSYNTH_STATUS_REQUEST_COUNTS: 'show' }).sla.statusRequestCounts).toBe(true);
    expect(load({ USSYNTH_STATUS_REQUEST_COUNTS: 'yes' }).problems).toEqual([
      'USSYNTH_STATUS_REQUEST_COUNTS must be show or hide; got "yes"',
    ]);
  });

  it('refuses the test-only fault switch in production', () => {
    expect(load({ USSYNTH_TEST_FAULT_FILE: '/tmp/fault' }).sla.faultFile).toBe('/tmp/fault');
    const production = load({ USSYNTH_TEST_FAULT_FILE: '/tmp/fault', NODE_ENV: 'production' });
    expect(production.sla.faultFile).toBeNull();
    expect(production.problems[0]).toMatch(
      /USSYNTH_TEST_FAULT_FILE is a test-only fault switch and is refused when NODE_ENV=production/,
    );
  });

  it('parses objectives strictly', () => {
    expect(parseObjectivePercent('99.9')).toBe(99.9);
    expect(parseObjectivePercent('99.99999')).toBeNull();
    expect(parseObjectivePercent('0')).toBeNull();
    expect(parseObjectivePercent('1e2')).toBeNull();
  });
});

describe('the credit schedule', () => {
  it('owes the largest step whose threshold the availability is below, nothing at the objective', () => {
    const sla = DEFAULT_SLA;
    expect(creditPercent(sla, 99.9, 1)).toBe(0);
    expect(creditPercent(sla, 99.9, 0.999)).toBe(0);
    expect(creditPercent(sla, 99.9, 0.99899)).toBe(10);
    expect(creditPercent(sla, 99.9, 0.99)).toBe(10);
    expect(creditPercent(sla, 99.9, 0.98999)).toBe(25);
    expect(creditPercent(sla, 99.9, 0.95)).toBe(25);
    expect(creditPercent(sla, 99.9, 0.9499)).toBe(50);
    expect(creditPercent(sla, 99.9, 0)).toBe(50);
    // An Enterprise contract's objective moves the first step only.
    expect(creditPercent(sla, 99.99, 0.9995)).toBe(10);
  });
});
