// What app/ uses of the account feature on the first page: the header's badge, the banner
// (both chunks of their own, fetched as the page starts) and the balance query. The account page's panel (`components/account-panel.tsx`, with the
// chart) is imported by that page, a chunk of its own, by path: an index the first page
// imports puts all it exports in the first page's chunk.
export { accountQueries, applyAccountChanged } from './api/account-queries';
export { BalanceWidget, LowBalanceBanner } from './components/lazy-header';
export { availableCredits } from './utils/balance';
