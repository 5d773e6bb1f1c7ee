/**
 * The quantity input's steps (coverage.md §5 Quantity input: "step, min and max are respected; empty input
 * allowed"; §4 Number input auto-repeat). Pure: the stepper script applies it on every repeat.
 */

export type QuantityBounds = { min: number; max: number; step: number };

/**
 * Reads an input's min, max and step attributes; missing or invalid ones become min 1, max 999, step 1.
 * A max below min is raised to min.
 */
export function quantityBounds(attrs: { min?: string; max?: string; step?: string }): QuantityBounds {
  const num = (v: string | undefined, fallback: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : fallback);
  const min = num(attrs.min, 1);
  const step = num(attrs.step, 1) > 0 ? num(attrs.step, 1) : 1;
  return { min, max: Math.max(min, num(attrs.max, 999)), step };
}

/**
 * The value after one press of + (direction 1) or − (−1): the current value moved by one step,
 * snapped onto the step grid counted from min, kept within [min, max]. An empty or unreadable
 * value starts at min. ('3', 1, {1, 99, 1}) → 4; ('', 1, …) → 1; ('99', 1, …) → 99; ('4', 1, {0, 20, 5}) → 5.
 */
export function stepQuantity(value: string, direction: 1 | -1, { min, max, step }: QuantityBounds): number {
  const current = value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(current)) return min;
  const offset = (current - min) / step;
  // Off the grid: + goes up to the next grid value, − down to the previous one.
  const index = Number.isInteger(offset) ? offset + direction : direction > 0 ? Math.ceil(offset) : Math.floor(offset);
  return Math.min(max, Math.max(min, min + index * step));
}
