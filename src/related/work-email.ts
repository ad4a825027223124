/**
 * Employees per e-mail bucket: a name's first holder in a bucket has the plain address (docs/related-records.md).
 * @example Math.floor(1500 / EMAIL_BUCKET) // 1: employee 1500's bucket, whose first holders end in "2"
 */
export const EMAIL_BUCKET = 1024;

/** Slots of the name table: twice a bucket's names at most, a power of 2 (its log2 is 32 - SLOT_SHIFT). */
const SLOTS = 2 * EMAIL_BUCKET;
const SLOT_SHIFT = 32 - Math.log2(SLOTS);

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
  /** The next index of the bucket whose name is not in the table yet. */
  private next = 0;
  /**
   * Per name part (its number) of the bucket: the first index with it, in a table of open addressing (linear
   * probing, at most half full) that a new bucket empties by a new stamp. A `Map` here allocated per name
   * (its numbers are doubles, boxed as keys) and per company (`clear` makes a new table): docs/benchmarks.md.
   */
  private readonly keys = new Float64Array(SLOTS);
  private readonly holders = new Int32Array(SLOTS);
  /** A slot is in use when its stamp is {@link stamp}. */
  private readonly stamps = new Uint32Array(SLOTS);
  private stamp = 0;

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
    if (stateKey !== this.stateKey || company !== this.company || bucket !== this.bucket) {
      this.stateKey = stateKey;
      this.company = company;
      this.bucket = bucket;
      this.next = bucket * EMAIL_BUCKET;
      this.empty();
    }
    const { holders, stamps, stamp } = this;
    while (this.next < employee) {
      const other = this.namePart(stateKey, company, this.next);
      const slot = this.slotOf(other);
      if (stamps[slot] !== stamp) this.hold(slot, other, this.next);
      this.next++;
    }
    const slot = this.slotOf(name);
    let holder = stamps[slot] === stamp ? holders[slot] : -1;
    if (holder === -1 && this.next === employee) this.hold(slot, name, (holder = employee));
    if (this.next === employee) this.next++;
    if (holder !== employee) return '.' + employee;
    return bucket === 0 ? '' : String(bucket + 1);
  }

  /** The slot of name part `name`: the one holding it, else the free slot where it goes. */
  private slotOf(name: number): number {
    const { keys, stamps, stamp } = this;
    // The number's two 32-bit halves mixed (names are below 2^53), its top bits the first slot.
    let slot =
      Math.imul((name >>> 0) ^ Math.imul(Math.floor(name / 4294967296), 0x85ebca6b), 0x9e3779b1) >>> SLOT_SHIFT;
    while (stamps[slot] === stamp && keys[slot] !== name) slot = (slot + 1) & (SLOTS - 1);
    return slot;
  }

  private hold(slot: number, name: number, holder: number): void {
    this.keys[slot] = name;
    this.holders[slot] = holder;
    this.stamps[slot] = this.stamp;
  }

  /** Empties the table: a new stamp (all stamps cleared once in 2^32 buckets, when it wraps). */
  private empty(): void {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
  }
}
