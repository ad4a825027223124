import { buildWeb, sizeTable } from '../../web/build.js';

/** Builds web-dist/ once before the browser tests, so they test the current source. */
export default async function setup(): Promise<void> {
  const files = await buildWeb();
  console.log(sizeTable(files));
}
