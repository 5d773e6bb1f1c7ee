/** Mounts the delivery-method modal on demand (its React code loads only when it is first opened). */
import { createRoot } from 'react-dom/client';
import type { Locale } from '../../../i18n/messages';
import { DeliveryModal } from './DeliveryModal';
import { ErrorBoundary } from '../../../components/islands/ErrorBoundary';

let mounted = false;

export function mountDeliveryModal(el: HTMLElement, locale: string) {
  if (mounted) return;
  mounted = true;
  createRoot(el).render(
    <ErrorBoundary locale={locale as Locale}>
      <DeliveryModal locale={locale as Locale} />
    </ErrorBoundary>,
  );
}
