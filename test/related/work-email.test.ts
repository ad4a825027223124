import { describe, expect, it } from 'vitest';
import { EMAIL_BUCKET, WorkEmails } from '../../src/related/work-email.js';

// Name parts from a tiny set, so that names repeat within and across buckets (real names repeat far less).
const NAMES = ['ann.lee', 'bo.kim', 'cy.ray', 'ann.lee2x'].map((text, id) => ({ text, id }));
const nameOf = (company: number, employee: number) => NAMES[(employee * 7 + company * 3 + (employee >> 5)) % 3];

function local(emails: WorkEmails, company: number, employee: number): string {
  const name = nameOf(company, employee);
  return name.text + emails.tail(0, company, employee, name.id);
}

describe('work e-mail local parts (docs/related-records.md, "Employees")', () => {
  const size = 3 * EMAIL_BUCKET + 17;

  it('are unique within a company when names repeat in and across buckets', () => {
    const emails = new WorkEmails((_, company, employee) => nameOf(company, employee).id);
    const all = Array.from({ length: size }, (_, j) => local(emails, 4, j));
    expect(new Set(all).size).toBe(size);
    // The first holder of a name in bucket 0 has it plain, in bucket b the name and b + 1; a repeat has a dot and its index.
    expect(all.slice(0, 3)).toEqual([nameOf(4, 0).text, nameOf(4, 1).text, nameOf(4, 2).text]);
    expect(all[3]).toBe(`${nameOf(4, 3).text}.3`);
    expect(all[EMAIL_BUCKET]).toBe(`${nameOf(4, EMAIL_BUCKET).text}2`);
  });

  it('are the same whatever order they are asked in (random access)', () => {
    const sequential = new WorkEmails((_, company, employee) => nameOf(company, employee).id);
    const all = Array.from({ length: size }, (_, j) => local(sequential, 4, j));
    const random = new WorkEmails((_, company, employee) => nameOf(company, employee).id);
    for (const j of [size - 1, 5, EMAIL_BUCKET + 3, 0, 2 * EMAIL_BUCKET - 1, 17, 3 * EMAIL_BUCKET])
      expect(local(random, 4, j)).toBe(all[j]);
    // Another company between two calls starts its own buckets.
    expect(local(random, 5, 3)).toBe(local(new WorkEmails((_, c, e) => nameOf(c, e).id), 5, 3));
    expect(local(random, 4, 6)).toBe(all[6]);
  });

  it('find every earlier holder in a bucket of 700 names whose numbers differ mostly in their high bits', () => {
    // Name k (0..699) is number floor(k / 2) x 2^32 + k mod 2: pairs differ only in the low bit, others in the high half.
    const name = (employee: number) => employee % 700;
    const number = (employee: number) => Math.floor(name(employee) / 2) * 2 ** 32 + (name(employee) % 2);
    // Letters only, as name parts are: a tail's digits must not run into the name.
    const text = (employee: number) =>
      String.fromCharCode(97 + (name(employee) % 26), 46, 97 + Math.floor(name(employee) / 26));
    const emails = new WorkEmails((_, __, employee) => number(employee));
    const all = Array.from({ length: 2 * EMAIL_BUCKET }, (_, j) => text(j) + emails.tail(0, 9, j, number(j)));
    expect(new Set(all).size).toBe(all.length);
    // In bucket 0 the first 700 are plain, the repeats have their index; in bucket 1 a name's first holder ends in 2.
    for (let j = 0; j < EMAIL_BUCKET; j++) expect(all[j]).toBe(j < 700 ? text(j) : `${text(j)}.${j}`);
    expect(all[EMAIL_BUCKET]).toBe(`${text(EMAIL_BUCKET)}2`);
    expect(all[EMAIL_BUCKET + 700]).toBe(`${text(EMAIL_BUCKET + 700)}.${EMAIL_BUCKET + 700}`);
    const random = new WorkEmails((_, __, employee) => number(employee));
    for (const j of [2 * EMAIL_BUCKET - 1, 1000, 3, EMAIL_BUCKET, 699, 700, 1])
      expect(text(j) + random.tail(0, 9, j, number(j))).toBe(all[j]);
  });
});
