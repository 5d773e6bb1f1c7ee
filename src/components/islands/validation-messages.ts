/**
 * The validation message keys of src/domain/validation.ts as catalogue functions, for islands that
 * show field errors (coverage.md §5). One entry per key; the texts live in messages/*.json.
 */
import * as m from '../../paraglide/messages.js';
import type { ValidationMessageKey } from '../../domain/validation';
import type { Locale } from '../../i18n/messages';

const byKey: Record<ValidationMessageKey, (p: object, o: { locale: Locale }) => string> = {
  mobile_required: m.mobile_required,
  mobile_max: m.mobile_max,
  mobile_min: m.mobile_min,
  password_required: m.password_required,
  first_name_required: m.first_name_required,
  first_name_max: m.first_name_max,
  state_required: m.state_required,
  field_required: m.field_required,
  max_255: m.max_255,
  max_200: m.max_200,
  max_180: m.max_180,
  max_150: m.max_150,
  max_100: m.max_100,
  max_50: m.max_50,
  max_30: m.max_30,
  min_2: m.min_2,
  invalid: m.invalid,
  remark_max: m.remark_max,
  password_min: m.password_min,
  password_mismatch: m.password_mismatch,
  image_type: m.image_type,
  image_size: m.image_size,
  pickup_required: m.pickup_required,
};

/** The text of a validation key in a language. */
export function validationMessage(key: ValidationMessageKey, locale: Locale): string {
  return byKey[key]({}, { locale });
}
