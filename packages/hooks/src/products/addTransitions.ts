// How a product slice's rows join the widget's transition table. Only lazy product chunks import this, so a page whose
// configuration has none of them does not carry it (nor their rows).
import { type ProductEvent, type Rows, TRANSITIONS } from '../transition';

/** Adds a slice's rows to `TRANSITIONS` (idempotent: every hook module of the slice calls it when it loads). */
export function addTransitions<T extends ProductEvent['type']>(rows: Rows<T>): void {
  Object.assign(TRANSITIONS, rows);
}
