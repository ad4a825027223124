/**
 * Whether `error` is a failed import of the package `name` itself (not of
 * something that package imports in turn, nor another failure of its code).
 * @example try { await import('kysely') } catch (error) { if (!isMissingModule(error, 'kysely')) throw error }
 */
export function isMissingModule(error: unknown, name: string): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return (
    (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String((error as Error).message).includes(name)
  );
}
