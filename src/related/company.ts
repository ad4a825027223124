// The company record's types live in src/types.ts with the other records' (src/generator/ reads them, and src/related/
// sits above src/generator/); this module keeps the related records' import path.
export type { Company, CompanyOptions } from '../types.js';
