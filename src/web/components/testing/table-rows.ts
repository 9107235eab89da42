import type { Locator } from 'vitest/browser';

/** The rows of a table (or rows found by a test id), each as its cells' text. */
export const cellsOf = (rows: Locator): (string | null)[][] =>
  rows.all().map((r) => [...r.element().children].map((c) => c.textContent));

/** Every row of `table`, the header row first. */
export const tableRows = (table: Locator): (string | null)[][] => cellsOf(table.getByRole('row'));
