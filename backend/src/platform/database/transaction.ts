import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs `work` in one database transaction on a fresh fork of `em`: flushed and committed when it
 * resolves, rolled back when it throws.
 *
 * Why not `em.transactional`: MikroORM keeps its transaction in an AsyncLocalStorage, and on Node 20
 * the first AsyncLocalStorage a process enters turns on V8's promise hooks for every promise after
 * it, for good. That alone cost the api about a fifth of its CPU per request. Our services always
 * pass the transaction's EntityManager along explicitly, so they never needed the implicit context.
 */
export async function inTransaction<T>(em: EntityManager, work: (tx: EntityManager) => Promise<T>): Promise<T> {
  const tx = em.fork();
  await tx.begin();
  try {
    const result = await work(tx);
    await tx.commit();
    return result;
  } catch (error) {
    // The first failure is the one worth reporting; a rollback on a broken connection adds nothing.
    await tx.rollback().catch(() => undefined);
    throw error;
  }
}
