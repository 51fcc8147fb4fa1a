import { integer, timestamp } from 'drizzle-orm/pg-core';
import type { Cents, RateBp } from '@ventanilla/domain';

/** The creation time every table that records one keeps. */
export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** The last-change time (set by the writers; the default covers inserts). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** An amount of money in integer cents: rows read as the domain's `Cents`, and writes must give `Cents`. */
export const centsColumn = (name: string) => integer(name).$type<Cents>();
/** A zero amount, for column defaults (the schema loads without the domain's runtime code). */
export const ZERO_CENTS = 0 as Cents;
/** A tax rate in basis points (21% = 2100), typed as the domain's `RateBp`. */
export const rateColumn = (name: string) => integer(name).$type<RateBp>();
