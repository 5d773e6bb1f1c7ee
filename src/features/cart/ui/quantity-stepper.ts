/**
 * The − and + buttons beside a quantity input (coverage.md §4 Number input, §5 Quantity input): a press
 * steps once (min/max/step respected, src/domain/quantity.ts); held down, it repeats after 300 ms
 * every 50 ms until released. Pointer events for mouse, pen and touch; Enter and Space still step
 * once through the button's click.
 */
import { NUMBER_INPUT_REPEAT_DELAY_MS, NUMBER_INPUT_REPEAT_INTERVAL_MS } from '../../../domain/constants';
import { quantityBounds, stepQuantity } from '../../../domain/quantity';

/** Wires the steppers of every `[data-quantity]` box under `root` (each once). */
export function enhanceQuantitySteppers(root: ParentNode = document) {
  for (const box of root.querySelectorAll<HTMLElement>('[data-quantity]:not([data-enhanced])')) {
    box.dataset.enhanced = '1';
    const input = box.querySelector<HTMLInputElement>('input')!;
    for (const button of box.querySelectorAll<HTMLButtonElement>('[data-step]')) {
      const direction = Number(button.dataset.step) < 0 ? -1 : 1;
      let delay: ReturnType<typeof setTimeout> | undefined;
      let repeat: ReturnType<typeof setInterval> | undefined;
      const stepOnce = () => {
        const next = String(stepQuantity(input.value, direction, quantityBounds({ min: input.min, max: input.max, step: input.step })));
        if (next === input.value) return stop();
        input.value = next;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      };
      const stop = () => {
        clearTimeout(delay);
        clearInterval(repeat);
        delay = repeat = undefined;
      };
      button.addEventListener('pointerdown', (e) => {
        if (e.button !== 0 || button.disabled) return;
        e.preventDefault(); // no text selection or focus jump while held
        button.setPointerCapture?.(e.pointerId);
        stop();
        stepOnce();
        delay = setTimeout(() => (repeat = setInterval(stepOnce, NUMBER_INPUT_REPEAT_INTERVAL_MS)), NUMBER_INPUT_REPEAT_DELAY_MS);
      });
      for (const type of ['pointerup', 'pointercancel', 'lostpointercapture'] as const) button.addEventListener(type, stop);
      // A click from the keyboard (Enter, Space) has detail 0; a pointer's click already stepped on pointerdown.
      button.addEventListener('click', (e) => {
        if (e.detail === 0) stepOnce();
      });
      button.addEventListener('contextmenu', (e) => e.preventDefault());
    }
    // Typed values are kept within the bounds when the field is left (empty stays empty). A number
    // above the stock left is remembered (`data-asked-for`), so adding says how many could be had.
    input.addEventListener('change', () => {
      delete input.dataset.askedFor;
      if (input.value.trim() === '') return;
      const { min, max } = quantityBounds({ min: input.min, max: input.max, step: input.step });
      const n = Math.trunc(Number(input.value));
      if (Number.isFinite(n) && n > max) input.dataset.askedFor = String(n);
      input.value = String(Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : min);
    });
    // Typing or a step changes what is asked for.
    input.addEventListener('input', () => delete input.dataset.askedFor);
  }
}
