/**
 * How each social network is shown (coverage.md §3 Social info): its label (a message key) and a simple
 * 24 × 24 mark for the footer's round buttons. Server-side only (read while rendering).
 */
import type { MessageKey } from '../../../i18n/messages';
import type { SocialNetwork } from '../view-models';

export const SOCIAL_LABELS: Record<SocialNetwork, MessageKey> = {
  facebook_url: 'social_facebook',
  instagram_url: 'social_instagram',
  tiktok_url: 'social_tiktok',
  website_URL: 'social_website',
};

/** SVG path data of each network's mark. */
export const SOCIAL_ICONS: Record<SocialNetwork, string> = {
  facebook_url: 'M14 8.5V6.8c0-.8.5-1.3 1.3-1.3H17V2.3h-2.6C11.6 2.3 10.5 4 10.5 6.5v2H8v3.3h2.5V22H14V11.8h2.6l.4-3.3z',
  instagram_url: 'M7.5 2.5h9a5 5 0 0 1 5 5v9a5 5 0 0 1-5 5h-9a5 5 0 0 1-5-5v-9a5 5 0 0 1 5-5zm0 2a3 3 0 0 0-3 3v9a3 3 0 0 0 3 3h9a3 3 0 0 0 3-3v-9a3 3 0 0 0-3-3zm4.5 3a4.5 4.5 0 1 1 0 9 4.5 4.5 0 0 1 0-9zm0 2a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5zM17.2 5.6a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4z',
  tiktok_url: 'M13.5 2.5h3.2c.3 2.3 1.7 3.8 4 4v3.2c-1.5 0-2.8-.4-4-1.2v6.8a6 6 0 1 1-6-6h.6v3.3h-.6a2.7 2.7 0 1 0 2.8 2.7z',
  website_URL: 'M12 2.5a9.5 9.5 0 1 1 0 19 9.5 9.5 0 0 1 0-19zm-1.7 2.2A7.5 7.5 0 0 0 4.6 11h3.3c.2-2.3.9-4.5 2.4-6.3zm3.4 0c1.5 1.8 2.2 4 2.4 6.3h3.3a7.5 7.5 0 0 0-5.7-6.3zM12 5a9.6 9.6 0 0 0-2.1 6h4.2A9.6 9.6 0 0 0 12 5zm-7.4 8a7.5 7.5 0 0 0 5.7 6.3A10.7 10.7 0 0 1 7.9 13zm5.3 0a9.6 9.6 0 0 0 2.1 6 9.6 9.6 0 0 0 2.1-6zm6.2 0c-.2 2.3-.9 4.5-2.4 6.3a7.5 7.5 0 0 0 5.7-6.3z',
};
