import { useQuery } from '@tanstack/react-query';
import type { Share } from '@/contract/shares';
import { Button } from '@/web/components/ui/button';
import { CopyButton } from '@/web/components/ui/copy-button';
import { LoadError, RequestError } from '@/web/components/ui/request-error';
import { SectionCard } from '@/web/components/ui/section-card';
import { StackedTable } from '@/web/components/ui/stacked-table';
import { sharesQuery, useRevokeShare } from './share-api';
import { lapseOf } from './share-dialog';

const STATE_WORDS: Record<Share['state'], string> = {
  active: 'Open',
  expired: 'Expired',
  revoked: 'Revoked',
  gone: 'Job deleted',
};

const stateOf = (s: Share): string =>
  s.state === 'gone' && s.collectionId !== null ? 'Collection deleted' : STATE_WORDS[s.state];

const COLUMNS = [
  { header: 'Shared' },
  { header: 'Made by' },
  { header: 'Until', wide: true },
  { header: 'State' },
  { header: 'Link' },
] as const;

/** What a link shows: the job's title and which image when it is one, or the collection. */
const whatOf = (s: Share) =>
  s.collectionId !== null
    ? `Collection “${s.title}”`
    : s.index === null
      ? s.title
      : `${s.title} · image ${s.index + 1}`;

/** Where a row leads in the studio: its job's page, or its collection's. */
interface Hrefs {
  jobHref: (id: string) => string;
  collectionHref: (id: string) => string;
}

const hrefOf = (s: Share, to: Hrefs): string =>
  s.collectionId !== null ? to.collectionHref(s.collectionId) : to.jobHref(s.jobId ?? '');

/**
 * The share links the person signed in made (admins and owners: everyone's), newest
 * first: what each shows, until when, whether it still works; copy or revoke each.
 */
export function SharesSection(hrefs: Hrefs) {
  const shares = useQuery(sharesQuery);
  const revoke = useRevokeShare();
  const list = shares.data?.shares ?? [];
  return (
    <SectionCard
      id="shares-heading"
      title="Share links"
      head={
        <p className="text-sm text-zinc-400">
          Links that show a job’s images, or a collection’s, to anyone who has them, without signing
          in. A revoked link stops working at once.
        </p>
      }
    >
      <div className="space-y-3 p-3">
        {shares.isError ? (
          <LoadError what="load the share links" error={shares.error} onRetry={shares.refetch} />
        ) : null}
        {revoke.error ? <RequestError error={revoke.error} onDismiss={revoke.reset} /> : null}
        {shares.isSuccess && list.length === 0 ? (
          <p className="px-2 text-sm text-zinc-500">
            No share links yet. Open an image in the library, or a collection, and choose Share.
          </p>
        ) : null}
        {list.length > 0 ? (
          <StackedTable
            labelledBy="shares-heading"
            testId="share-links"
            columns={COLUMNS}
            rows={list}
            rowKey={(s) => s.id}
            rowAttributes={(s) => ({ 'data-state': s.state })}
            cells={(s) => [
              s.state === 'gone' ? (
                whatOf(s)
              ) : (
                <a href={hrefOf(s, hrefs)} className="underline-offset-2 hover:underline">
                  {whatOf(s)}
                </a>
              ),
              s.maker?.name ?? '—',
              lapseOf(s),
              stateOf(s),
              s.state === 'active' ? (
                <span className="flex flex-wrap gap-1">
                  <CopyButton text={s.url} label={`Copy the link to ${whatOf(s)}`} />
                  <Button
                    size="sm"
                    variant="ghost"
                    aria-label={`Revoke the link to ${whatOf(s)}`}
                    disabled={revoke.isPending}
                    onClick={() => revoke.mutate(s.id)}
                  >
                    Revoke
                  </Button>
                </span>
              ) : (
                '—'
              ),
            ]}
          />
        ) : null}
      </div>
    </SectionCard>
  );
}
