import { byCodeUnit } from '../../src/code-unit-order.js';

/** Strings of the index: ids in code-point order, so the table does not depend on insertion order. */
export class StringTable {
  private readonly pending = new Set<string>();
  private ids: Map<string, number> | undefined;

  /** Registers a string (before `freeze`). */
  add(text: string): void {
    if (this.ids) throw new Error('string table is frozen');
    this.pending.add(text);
  }

  /** Assigns ids; no string can be added afterwards. */
  freeze(): void {
    this.ids = new Map([...this.pending].sort(byCodeUnit).map((text, id) => [text, id]));
  }

  /** Id of a registered string. */
  id(text: string): number {
    const id = this.ids?.get(text);
    if (id === undefined) throw new Error(`string ${JSON.stringify(text)} was not registered`);
    return id;
  }

  /** The STRD bytes and STRL lengths (UTF-16 code units of the decoded text). */
  encode(): { bytes: Uint8Array; lengths: number[] } {
    const texts = [...this.ids!.keys()];
    return { bytes: new TextEncoder().encode(texts.join('')), lengths: texts.map((text) => text.length) };
  }
}
