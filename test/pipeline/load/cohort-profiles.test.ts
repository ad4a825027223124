import { describe, expect, it } from 'vitest';
import { cohortProfiles } from '../../../pipeline/load/cohort-profiles.js';

describe('cohortProfiles', () => {
  it('groups names of one shape into one profile and keeps distinct shapes apart', () => {
    const old = [90, 10, 0, 0];
    const young = [0, 0, 20, 80];
    const weights = [old, old.map((w) => w * 3), young, young.map((w) => w / 2)];
    const { profiles, assignment } = cohortProfiles(weights, [100, 300, 100, 50], 2);
    expect(assignment[0]).toBe(assignment[1]);
    expect(assignment[2]).toBe(assignment[3]);
    expect(assignment[0]).not.toBe(assignment[2]);
    // Scaled so the largest weight is 65,535, and never 0 (every cohort of a name's span can be drawn).
    expect(profiles[assignment[0]]).toEqual([65535, 7282, 1, 1]);
    expect(profiles[assignment[2]]).toEqual([1, 1, 16384, 65535]);
  });

  it('is deterministic and uses no more profiles than names', () => {
    const weights = Array.from({ length: 40 }, (_, i) => [1 + (i % 7), 1 + ((i * 3) % 5), 1 + ((i * 5) % 11)]);
    const people = weights.map((_, i) => 10 + i);
    const a = cohortProfiles(weights, people, 8);
    expect(cohortProfiles(weights, people, 8)).toEqual(a);
    expect(a.profiles).toHaveLength(8);
    expect(a.assignment.every((p) => p >= 0 && p < 8)).toBe(true);
    expect(cohortProfiles(weights.slice(0, 3), people.slice(0, 3), 8).profiles).toHaveLength(3);
  });
});
