import { describe, expect, it } from 'vitest';
import { resultFileName } from '../../web/src/download.js';

describe('resultFileName', () => {
  it('names a file by kind and safe seed, and by table for a result of two tables', () => {
    expect(resultFileName('batch', 'my seed/1', 'csv')).toBe('ussynth-batch-my-seed-1.csv');
    expect(resultFileName('household', '42', 'csv', 'people')).toBe('ussynth-household-42-people.csv');
    expect(resultFileName('employee', 'a b', 'csv', 'companies')).toBe('ussynth-employee-a-b-companies.csv');
  });
});
