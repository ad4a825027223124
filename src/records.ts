/**
 * The records engine as a library (`ussynth/records`): the record kinds and
 * the machinery that makes rows of them (jobs, chunks on worker threads,
 * every output format). The command line, `ussynth/load` and the service's
 * batch bodies are built on it.
 * @example
 * import { plainJsonObjectWriter } from 'ussynth/records';
 * plainJsonObjectWriter(['ein'])?.({ ein: '12-3456789' }); // '{"ein":"12-3456789"}'
 */
export { plainJsonObjectWriter } from './records/formats/plain-json-object.js';
export type { PlainObjectWriter } from './records/formats/plain-json-object.js';
