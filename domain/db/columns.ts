import { p } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';

/** A uuid primary key the application assigns when the row is created. */
export const uuidPrimaryKey = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => randomUUID());
