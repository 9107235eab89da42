import { SPENDING_RANGES, type SpendingRange } from '@/contract/spending';
// By path: the index is on the first page, and this page is a chunk of its own.
import { AccountPanel } from '@/web/features/account/components/account-panel';
import { useQuery } from '@tanstack/react-query';
import { lazyComponent } from '@/web/lib/lazy-component';
import { meQuery } from '@/web/lib/me';
import { MyBudget } from '@/web/features/budgets/my-budget';
import { collectionHref } from '@/web/features/collections/api';
import { NotificationsSetting } from '../notifications-setting';
import { jobHref, replaceRouteSearch, useRouteSearch } from '../router';
import { Page } from './page';

const DEFAULT_RANGE: SpendingRange = 30;

/** `#/account?days=7`: the range of the spending charts, kept in the URL (reload, Back). */
function rangeFrom(search: string): SpendingRange {
  const days = new URLSearchParams(search).get('days');
  return SPENDING_RANGES.find((d) => String(d) === days) ?? DEFAULT_RANGE;
}

/** What only admins see, each a chunk of its own, shown once it came (nothing before). */
const Budgets = lazyComponent(
  () => import('@/web/features/budgets/budgets-section').then((m) => m.BudgetsSection),
  { fallback: null },
);
const Shares = lazyComponent(
  () => import('@/web/features/shares/shares-section').then((m) => m.SharesSection),
  { fallback: null },
);
const Audit = lazyComponent(
  () => import('@/web/features/audit/audit-section').then((m) => m.AuditSection),
  { fallback: null },
);

export function AccountPage() {
  const range = rangeFrom(useRouteSearch());
  const role = useQuery(meQuery).data?.me.role;
  const admin = role === 'admin' || role === 'owner';
  return (
    <Page
      title="Account"
      description="The service account the studio creates jobs with: what is left, what runs, and where the credits went."
    >
      <AccountPanel
        range={range}
        onRangeChange={(days) => replaceRouteSearch('account', `days=${days}`)}
        jobHref={jobHref}
      />
      <MyBudget />
      {role !== undefined && role !== 'viewer' ? (
        <Shares.Component jobHref={jobHref} collectionHref={collectionHref} />
      ) : null}
      {admin ? <Budgets.Component /> : null}
      {admin ? <Audit.Component /> : null}
      <NotificationsSetting />
    </Page>
  );
}
