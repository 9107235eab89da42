import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, type AuditEntry } from '@/contract/audit';
import { Button } from '@/web/components/ui/button';
import { LoadError } from '@/web/components/ui/request-error';
import { SectionCard } from '@/web/components/ui/section-card';
import { requestJson } from '@/web/lib/http';

interface Filters {
  person: string;
  action: string;
  from: string;
  to: string;
}

const NONE: Filters = { person: '', action: '', from: '', to: '' };

/** The filters as the query both the list and the CSV take. */
function searchOf(f: Filters, cursor: string | null = null): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== '') q.set(k, v);
  if (cursor) q.set('cursor', cursor);
  return q.toString();
}

const label = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;

function Entry({ entry, names }: { entry: AuditEntry; names: Map<string, string> }) {
  const subject = entry.subject === null ? null : (names.get(entry.subject) ?? entry.subject);
  return (
    <tr className="align-top">
      <td className="py-1.5 pr-3 whitespace-nowrap text-zinc-400">
        {new Date(entry.at).toLocaleString()}
      </td>
      <td className="py-1.5 pr-3 text-zinc-100">
        {entry.actor ? (entry.actor.name ?? entry.actor.id) : 'Not signed in'}
      </td>
      <td className="py-1.5 pr-3 text-zinc-100">{label(entry.action)}</td>
      <td className="py-1.5 pr-3 break-all text-zinc-300">{subject ?? ''}</td>
      <td className="py-1.5 pr-3 break-all text-zinc-500">
        {entry.detail ? JSON.stringify(entry.detail) : ''}
      </td>
      <td className="py-1.5 text-zinc-500">{entry.ip ?? ''}</td>
    </tr>
  );
}

const field = 'h-8 rounded-md bg-zinc-950 px-2 text-sm text-zinc-100 ring-1 ring-zinc-700';

/** One filter: a choice of `options` (value, text), the first meaning all. */
function Choice(props: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1">
      {props.label}
      <select
        className={field}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

function Day(props: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col gap-1">
      {props.label}
      <input
        type="date"
        className={field}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

/** Whose entries, of which action, between which days; and the same as CSV. */
function AuditFilters({
  filters,
  people,
  onChange,
}: {
  filters: Filters;
  people: { id: string; name: string; email: string }[];
  onChange: (key: keyof Filters, value: string) => void;
}) {
  const whom: [string, string][] = people.map((p) => [p.id, `${p.name} (${p.email})`]);
  const what: [string, string][] = AUDIT_ACTIONS.map((a) => [a, label(a)]);
  return (
    <div className="flex flex-wrap items-end gap-3 text-xs text-zinc-400">
      <Choice
        label="Person"
        value={filters.person}
        options={[['', 'Everyone'], ...whom]}
        onChange={(v) => onChange('person', v)}
      />
      <Choice
        label="Action"
        value={filters.action}
        options={[['', 'Any'], ...what]}
        onChange={(v) => onChange('action', v)}
      />
      <Day label="From" value={filters.from} onChange={(v) => onChange('from', v)} />
      <Day label="To" value={filters.to} onChange={(v) => onChange('to', v)} />
      <a
        className="inline-flex h-8 items-center rounded-md bg-zinc-800 px-3 text-xs font-medium text-zinc-100 ring-1 ring-zinc-700 ring-inset hover:bg-zinc-700"
        href={`/studio-api/audit.csv?${searchOf(filters)}`}
        download
      >
        Export CSV
      </a>
    </div>
  );
}

function AuditTable({ entries, names }: { entries: AuditEntry[]; names: Map<string, string> }) {
  if (entries.length === 0)
    return <p className="text-sm text-zinc-500">Nothing recorded matches.</p>;
  return (
    <table className="w-full text-left text-sm">
      <thead className="text-xs text-zinc-500">
        <tr>
          <th className="pr-3 font-medium">When</th>
          <th className="pr-3 font-medium">Who</th>
          <th className="pr-3 font-medium">What</th>
          <th className="pr-3 font-medium">On</th>
          <th className="pr-3 font-medium">Detail</th>
          <th className="font-medium">Address</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <Entry key={e.seq} entry={e} names={names} />
        ))}
      </tbody>
    </table>
  );
}

/**
 * For admins, on the Account page: the audit log, newest first, by person and action
 * (and dates), a page at a time, and the same as CSV.
 */
export function AuditSection() {
  const [filters, setFilters] = useState<Filters>(NONE);
  const people = useQuery({
    queryKey: ['people'],
    queryFn: ({ signal }) => requestJson('/studio-api/people', 'people', { signal }),
  });
  const log = useInfiniteQuery({
    queryKey: ['audit', filters],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      requestJson(`/studio-api/audit?${searchOf(filters, pageParam)}`, 'auditPage', { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
  const names = new Map((people.data?.people ?? []).map((p) => [p.id, p.name]));
  const entries = log.data?.pages.flatMap((p) => p.entries) ?? [];
  return (
    <SectionCard
      id="audit-heading"
      title="Audit log"
      head={
        <AuditFilters
          filters={filters}
          people={people.data?.people ?? []}
          onChange={(k, v) => setFilters((f) => ({ ...f, [k]: v }))}
        />
      }
    >
      <div className="overflow-x-auto px-5 py-3">
        {log.error ? (
          <LoadError what="load the audit log" error={log.error} onRetry={log.refetch} />
        ) : log.isPending ? (
          <p className="text-sm text-zinc-500">Loading…</p>
        ) : (
          <AuditTable entries={entries} names={names} />
        )}
        {log.hasNextPage ? (
          <Button
            size="sm"
            className="mt-3"
            disabled={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            Older entries
          </Button>
        ) : null}
      </div>
    </SectionCard>
  );
}
