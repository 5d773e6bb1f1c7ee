/**
 * The outcome of the profile picture form posted without JavaScript (coverage.md §8 'Maximum file size
 * accepted is 5MB', 'Only accept file type with jpg,jpeg and png format.'), for
 * /account/profile: the API's refusal in the shopper's language, and Astro's own refusal of a
 * body over the Actions' limit (CONTENT_TOO_LARGE, read before the Action runs) as the size message.
 */
import type { AstroGlobal } from 'astro';
import { actions } from 'astro:actions';
import { translate } from '../../i18n/messages';
import { formState } from '../shared/form-action';

/** The picture form's failure text ('' when the last post did not fail); sets the response status. */
export function pictureFormMessage(astro: AstroGlobal): string {
  const state = formState(astro, actions.account.uploadPicture);
  if (!state.failed) return '';
  const locale = astro.locals.locale;
  if (astro.getActionResult(actions.account.uploadPicture)?.error?.code === 'CONTENT_TOO_LARGE') return translate(locale, 'image_size');
  return state.fields.customer_picture || state.message || translate(locale, 'generic_error');
}
