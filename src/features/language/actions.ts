/**
 * Language Actions (coverage.md §1 Languages, §7 update_language/{customer}; issue "account area" item 11).
 */
import { defineAction } from 'astro:actions';
import { z } from 'zod';
import { LOCALES, type Locale } from '../../domain/constants';
import { memberApi } from '../shared/api';
import { viaApi } from '../shared/errors';
import { writeLanguageChoice } from './choice';

export const language = {
  /**
   * The language switcher's choice (`language`: 'en' | 'zh' | 'ar'; anything else is refused with
   * BAD_REQUEST and changes nothing). Stores it locally (the `xs_lang` cookie) for everyone and, for
   * a logged-in member, in the profile through update_language, so the next login follows it.
   * Answers `{ language, profile }`: `profile` true when the member's profile was updated.
   * Errors: the API's refusal in the shopper's language (an expired session: UNAUTHORIZED).
   */
  update: defineAction({
    accept: 'form',
    input: z.object({ language: z.enum(LOCALES, { error: 'language_invalid' }) }),
    handler: async ({ language: chosen }, ctx): Promise<{ language: Locale; profile: boolean }> => {
      writeLanguageChoice(ctx.cookies, chosen);
      if (!ctx.locals.session) return { language: chosen, profile: false };
      await viaApi(ctx, () => memberApi(ctx).call('update_language', { body: { language: chosen } }));
      return { language: chosen, profile: true };
    },
  }),
};
