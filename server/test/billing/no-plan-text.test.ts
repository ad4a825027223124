import { describe, expect, it } from 'vitest';
import { noPlanText, planCommand } from '../../src/billing/no-plan-text.js';

describe('what an account without a plan is told', () => {
  it('names the account, what its keys answer and the command that gives it a plan, by billing', () => {
    expect(noPlanText('ada@example.com', 'none')).toBe(
      'the account ada@example.com has no plan, so its API keys answer 402; the operator gives it one with `ussynth-server accounts set ada@example.com --tier standard|pro`',
    );
    expect(noPlanText('ada@example.com', 'stripe')).toBe(
      'the account ada@example.com has no plan, so its API keys answer 402; its owner subscribes on the dashboard, or the operator sets one with `ussynth-server accounts set ada@example.com --tier standard|pro`',
    );
  });

  it('quotes an account name a shell would split or expand', () => {
    expect(planCommand('acme corp')).toBe(`ussynth-server accounts set 'acme corp' --tier standard|pro`);
    expect(planCommand(`o'neil $HOME`)).toBe(`ussynth-server accounts set 'o'\\''neil $HOME' --tier standard|pro`);
  });
});
