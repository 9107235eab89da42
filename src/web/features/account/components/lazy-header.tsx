import { lazyComponent } from '@/web/lib/lazy-component';
import { BalancePlaceholder } from './balance-placeholder';

// The header's badge and the banner show nothing of their own before the balance comes
// (a placeholder, nothing), so their code is a chunk the first page does not wait for.

/** Available credits in the header; its placeholder until its chunk is there. */
export const BalanceWidget = lazyComponent(
  () => import('./balance-widget').then((m) => m.BalanceWidget),
  { fallback: (props) => <BalancePlaceholder {...props} />, afterFirstScreen: true },
).Component;

/** The low-balance banner under the header; nothing until its chunk is there. */
export const LowBalanceBanner = lazyComponent(
  () => import('./low-balance-banner').then((m) => m.LowBalanceBanner),
  { fallback: null, afterFirstScreen: true },
).Component;
