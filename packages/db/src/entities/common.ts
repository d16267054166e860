/** The columns many entities share: a UUID key and the creation and update times. */
import { randomUUID } from 'node:crypto';

import { p } from '@mikro-orm/core';

/** A UUID primary key, made in the process at creation. */
export const id = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => randomUUID());

/** When the row was created (the database's clock for rows written in SQL). */
export const createdAt = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .defaultRaw('current_timestamp');

/** When the row was last changed through the ORM (set at creation too). */
export const updatedAt = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date())
    .defaultRaw('current_timestamp');
