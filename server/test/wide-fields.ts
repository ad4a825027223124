/**
 * The widest `fields` list a URL takes: 64 `column=field` entries with 54-character column names, records of about
 * 5 KB, a batch of 1,000 about 5 MB (issue 46's expensive field lists).
 * @example await server.get(`/v1/batch?count=1000&fields=${WIDE_FIELDS}`, key)
 */
export const WIDE_FIELDS = Array.from(
  { length: 64 },
  (_, i) => `c${String(i).padStart(2, '0')}_${'w'.repeat(50)}=${['uuid', 'email', 'name', 'street'][i % 4]}`,
).join(',');
