import type { AccountSummary } from '@/contract/account-summary';
import { formatAmount } from '@/web/lib/format';
import { CardHeader, Figure, cardClass } from './figure';

const NOT_SENT = 'Not sent by the service';

function Text({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="bg-zinc-900 px-5 py-3">
      <dt className="text-xs text-zinc-500">{label}</dt>
      <dd className={value === null ? 'mt-1 text-sm text-zinc-500' : 'mt-1 text-sm text-zinc-100'}>
        {value ?? NOT_SENT}
      </dd>
    </div>
  );
}

function Amounts({
  title,
  unit,
  rows,
}: {
  title: string;
  unit: 'credit' | 'point';
  rows: [string, number][] | null;
}) {
  return (
    <div>
      <h3 className="px-5 pt-4 pb-2 text-xs font-medium text-zinc-400">{title}</h3>
      {rows === null ? (
        <p className="px-5 pb-4 text-sm text-zinc-500">{NOT_SENT}.</p>
      ) : (
        <dl
          className={`grid grid-cols-2 gap-px bg-zinc-800 ${rows.length === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-4'}`}
        >
          {rows.map(([label, n]) => (
            <Figure key={label} label={label} value={n} className="py-3">
              {formatAmount(n, unit)}
            </Figure>
          ))}
        </dl>
      )}
    </div>
  );
}

/** Who the key belongs to, the plan, the wallet of points and the credit packs. */
export function ProfileCard({ account }: { account: AccountSummary }) {
  const { wallet, creditPack } = account;
  const enabled = account.enabled === null ? null : account.enabled ? 'yes' : 'no (disabled)';
  return (
    <section aria-labelledby="profile-heading" className={cardClass}>
      <CardHeader id="profile-heading" title="Profile and plan" />
      <dl className="grid grid-cols-2 gap-px bg-zinc-800 lg:grid-cols-4">
        <Text label="Name" value={account.name} />
        <Text label="Plan" value={account.plan} />
        <Text label="Account type" value={account.accountType} />
        <Text label="Enabled" value={enabled} />
      </dl>
      <Amounts
        title="Wallet (points; 1 point = 1 credit)"
        unit="point"
        rows={
          wallet && [
            ['Points remaining', wallet.pointRemain],
            ['Points frozen', wallet.pointFrozen],
            ['Points used', wallet.pointUsed],
          ]
        }
      />
      <Amounts
        title="Credit packs"
        unit="credit"
        rows={
          creditPack && [
            ['Total', creditPack.total],
            ['Available', creditPack.available],
            ['Frozen', creditPack.frozen],
            ['Used', creditPack.used],
          ]
        }
      />
    </section>
  );
}
