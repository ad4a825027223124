/** What the pages are built from, from the repository root. */
export declare const WEB_INPUTS: readonly string[];
/** SHA-256 over the path and bytes of every input, in code-point order. @example webInputsFingerprint() */
export declare function webInputsFingerprint(): string;
/** Where the fingerprint of an output folder's last build is kept. @example stampPath(outDir) */
export declare function stampPath(outDir: string): string;
/** The fingerprint `outDir` was built from, or null. @example builtFingerprint(outDir) */
export declare function builtFingerprint(outDir: string): string | null;
/** Records that `outDir` holds the pages built from `fingerprint`. @example recordFingerprint(outDir, fingerprint) */
export declare function recordFingerprint(outDir: string, fingerprint: string): void;
