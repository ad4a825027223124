/**
 * Employees per e-mail bucket: a name's first holder in a bucket has the plain address (docs/related-records.md).
 * @example Math.floor(1500 / EMAIL_BUCKET) // 1: employee 1500's bucket, whose first holders end in "2"
 */
export const EMAIL_BUCKET = 1024;

/**
 * The local parts of employees' work e-mails, unique within a company without
 * looking at its other buckets. Employees are cut in buckets of
 * {@link EMAIL_BUCKET} by index; b is employee j's bucket, n its name part
 * (`first.last`, lower-case letters and one dot). If no earlier employee of
 * the bucket has n, the local part is n in bucket 0 and n followed by b + 1
 * in bucket b > 0 ("maria.garcia", "maria.garcia2"); else it is n, a dot and
 * j ("maria.garcia.17"). Two employees of one company never share one: the
 * name part ends at the last letter, so equal local parts have equal name
 * parts and equal tails; a first holder's tail (none, or digits) has no dot
 * while a repeat's has, so they differ; two first holders of one name are
 * in two buckets, whose tails differ; two repeats differ in j. Finding
 * whether a name came earlier in its bucket draws the bucket's names before
 * j once (at most 1,023, kept for the next call): a page draws each name once.
 * @example new WorkEmails((s, c, k) => names[k]).tail(1, 7, 0, names[0]) // "": the first employee has the plain name part
 */
export class WorkEmails {
  private stateKey = -1;
  private company = -1;
  private bucket = -1;
  /** The next index of the bucket whose name is not in {@link first} yet. */
  private next = 0;
  /** Per name part (its number): the first index of the bucket with it. */
  private readonly first = new Map<number, number>();

  /**
   * `namePart(stateKey, company, employee)`: the name part of any employee, drawn alone, as a number
   * (equal numbers for equal texts, and only for them).
   */
  constructor(private readonly namePart: (stateKey: number, company: number, employee: number) => number) {}

  /**
   * What follows the name part in the local part of employee `employee` of
   * company `company` of stream `stateKey`, whose name part's number is `name`.
   */
  tail(stateKey: number, company: number, employee: number, name: number): string {
    const bucket = Math.floor(employee / EMAIL_BUCKET);
    const first = this.first;
    if (stateKey !== this.stateKey || company !== this.company || bucket !== this.bucket) {
      this.stateKey = stateKey;
      this.company = company;
      this.bucket = bucket;
      this.next = bucket * EMAIL_BUCKET;
      first.clear();
    }
    while (this.next < employee) {
      const other = this.namePart(stateKey, company, this.next);
      if (first.get(other) === undefined) first.set(other, this.next);
      this.next++;
    }
    let holder = first.get(name);
    if (holder === undefined && this.next === employee) first.set(name, (holder = employee));
    if (this.next === employee) this.next++;
    if (holder !== employee) return '.' + employee;
    return bucket === 0 ? '' : String(bucket + 1);
  }
}
