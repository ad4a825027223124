import { randomBytes } from 'node:crypto';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * A file written under a temporary name in the target's folder and renamed
 * over the target only when complete, so readers never see a partial file.
 * `abort` removes the temporary file (also synchronously from a signal path).
 * @example const file = await AtomicFile.create('out.ndjson'); await file.write(buf); await file.commit();
 */
export class AtomicFile {
  private closed = false;

  private constructor(
    /** The final path. */
    readonly path: string,
    /** The temporary path, in the same folder so the rename is atomic. */
    readonly tempPath: string,
    private readonly handle: FileHandle,
  ) {}

  /**
   * Creates the temporary file (`.<name>.<random>.tmp` beside `path`).
   * @example await AtomicFile.create('/tmp/fixtures.csv')
   */
  static async create(path: string): Promise<AtomicFile> {
    const tempPath = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
    const handle = await open(tempPath, 'wx', 0o666);
    return new AtomicFile(path, tempPath, handle);
  }

  /** Appends bytes; rejects on a write error (ENOSPC, EFBIG, EIO). */
  async write(bytes: Uint8Array): Promise<void> {
    let offset = 0;
    while (offset < bytes.length) {
      const { bytesWritten } = await this.handle.write(bytes, offset, bytes.length - offset);
      offset += bytesWritten;
    }
  }

  /** Flushes to disk and renames over the final path. */
  async commit(): Promise<void> {
    await this.handle.sync();
    this.closed = true;
    await this.handle.close();
    await rename(this.tempPath, this.path);
  }

  /** Closes and removes the temporary file; the final path is untouched. */
  async abort(): Promise<void> {
    if (!this.closed) {
      this.closed = true;
      await this.handle.close().catch(() => undefined);
    }
    await unlink(this.tempPath).catch(() => undefined);
  }

  /** Removes the temporary file at once, for exit paths that cannot wait. */
  abortSync(): void {
    try {
      unlinkSync(this.tempPath);
    } catch {
      // Already gone (committed or removed).
    }
  }
}
