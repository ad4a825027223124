/**
 * A count with its noun in agreement, as the command lines print counts:
 * the singular for exactly 1, else the plural (`noun + 's'` unless given).
 * @example countText(1, 'row') // "1 row"; countText(0, 'row') // "0 rows"; countText(2, 'entry', 'entries') // "2 entries"
 */
export function countText(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
