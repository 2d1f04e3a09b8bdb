import { LockMode } from '@mikro-orm/core';

/**
 * `select … for update` in a use case's transaction: a rule that may hold only once (a correction,
 * an end, an effect) reads its row after any other request that got there first has committed,
 * so the second sees the first's change and answers 409. A database lock, because several web
 * processes serve the same rows; an in-process lock would hold nothing.
 */
export const forUpdate = { lockMode: LockMode.PESSIMISTIC_WRITE } as const;
