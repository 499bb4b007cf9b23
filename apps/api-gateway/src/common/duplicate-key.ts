/**
 * A write refused by a unique key (e.g. the same host:port registered twice, an e-mail taken by a concurrent
 * sign-up). Repositories translate the database's error into this, so services decide what the client is told
 * without knowing the database driver.
 */
export class DuplicateKeyError extends Error {
  constructor(cause: unknown) {
    super('unique key violated', { cause });
    this.name = 'DuplicateKeyError';
  }
}

/** Runs a write; a unique-key violation (Prisma P2002) becomes a {@link DuplicateKeyError}. */
export async function refusingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === 'P2002') throw new DuplicateKeyError(error);
    throw error;
  }
}
