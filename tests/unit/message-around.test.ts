/** `messageAround` (src/i18n/messages.ts): a message cut around one parameter, in each language. */
import { describe, expect, it } from 'vitest';
import { messageAround, translate } from '../../src/i18n/messages';

describe('messageAround', () => {
  it('cuts a message around its parameter, so the pieces and the value rebuild it', () => {
    for (const locale of ['en', 'zh', 'ar'] as const) {
      const [before, after] = messageAround(locale, 'pay_before', 'time');
      expect(before + '22/11/2026 06:30 pm' + after).toBe(translate(locale, 'pay_before', { time: '22/11/2026 06:30 pm' }));
      expect(before).not.toContain('\u0000');
    }
    expect(messageAround('en', 'pay_before', 'time')).toEqual(['Please pay by ', ', or the order will be cancelled.']);
  });

  it('gives a message without the parameter whole', () => {
    expect(messageAround('en', 'pay_now', 'time')).toEqual(['Pay Now', '']);
  });
});
