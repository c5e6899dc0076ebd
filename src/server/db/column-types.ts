import type { ColumnType } from 'kysely';

/**
 * The column kinds every table file shares, apart from schema.ts so that a table file
 * (integration-tables.ts) can use them without importing the schema that imports it.
 */
export type CreatedAt = ColumnType<Date, Date | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | undefined, Date>;
export type Identity = ColumnType<number, never, never>;
export type Json<T> = ColumnType<T, T | string | undefined, T | string>;
