import { keepPreviousData } from '@tanstack/react-query';
import { ROLE_NAMES } from '../../../../shared/staff';
import { useId } from 'react';
import {
  ACTIVITY_KIND_LABELS,
  ACTIVITY_KINDS,
  type ActivityEntry,
  type ActivityKind,
} from '../../../../shared/activity';
import { trpc } from '../../../lib/trpc';
import {
  AdminList,
  useAdminList,
  type AdminListColumn,
  SelectFilter,
  DateTime,
  AdminSection,
  tableStyles as styles,
} from '../../../components/admin';

const shown = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '(empty)'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** An edit's before and after, one line a field: 'title: Old → New'. */
function Changes({ entry }: { entry: ActivityEntry }) {
  const changes = entry.details?.changes as Record<string, { from: unknown; to: unknown }> | undefined;
  if (!changes || Object.keys(changes).length === 0) return <span className={styles.muted}>—</span>;
  return (
    <ul className={styles.changeList}>
      {Object.entries(changes).map(([field, { from, to }]) => (
        <li key={field}>
          <span className={styles.strong}>{field}</span>: {shown(from)} → {shown(to)}
        </li>
      ))}
    </ul>
  );
}

/** Every admin change and sign-in of the last year, newest first. */
export function ActivitySection() {
  const ids = useId();
  const list = useAdminList({ kind: '' as ActivityKind | '', person: '' });
  const query = trpc.admin.activity.useQuery(
    {
      page: list.page,
      ...list.cursor,
      pageSize: list.pageSize,
      kind: list.filters.kind,
      userId: list.filters.person ? Number(list.filters.person) : undefined,
    },
    { placeholderData: keepPreviousData },
  );
  // The people to filter by: the staff (a hundred at most; the log keeps a removed person's name).
  const staff = trpc.admin.users.useQuery({ page: 1, pageSize: 100 }, { staleTime: 60_000 });
  const columns: Array<AdminListColumn<ActivityEntry>> = [
    { label: 'When', nowrap: true, render: (e) => <DateTime iso={e.at} /> },
    {
      label: 'What',
      primary: true,
      render: (e) => (
        <span className={styles.subjectCell}>
          <span className={styles.pillSlot}>
            <span className={e.kind === 'sign_in_failed' ? styles.pill.new : styles.pill.archived}>
              {ACTIVITY_KIND_LABELS[e.kind]}
            </span>
          </span>
          {e.summary !== ACTIVITY_KIND_LABELS[e.kind] ? (
            <span className={styles.strong}>{e.summary.replace(/^[A-Z]+ \/api\S*: /, '')}</span>
          ) : null}
          {e.target ? <span className={styles.muted}>{e.target}</span> : null}
        </span>
      ),
    },
    {
      label: 'Who',
      render: (e) => (
        <span className={styles.subjectCell}>
          <span>{e.actor}</span>
          {e.role ? <span className={styles.muted}>as {ROLE_NAMES[e.role].toLowerCase()}</span> : null}
          {e.ip ? <span className={styles.muted}>from {e.ip}</span> : null}
        </span>
      ),
    },
    { label: 'Before and after', render: (e) => <Changes entry={e} /> },
  ];
  return (
    <AdminSection
      title="Activity"
      lead="Every change made in the admin and every sign-in, kept for a year."
      action={
        <div className={styles.filters} role="search" aria-label="Filter activity">
          <SelectFilter
            id={`${ids}-kind`}
            label="Show"
            allLabel="Everything"
            options={ACTIVITY_KINDS.map((kind) => ({ value: kind, label: ACTIVITY_KIND_LABELS[kind] }))}
            value={list.filters.kind}
            onChange={(v) => list.setFilter('kind', v)}
          />
          <SelectFilter
            id={`${ids}-person`}
            label="Person"
            allLabel="Everyone"
            options={(staff.data?.items ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
            value={list.filters.person}
            onChange={(v) => list.setFilter('person', v)}
          />
        </div>
      }
    >
      <AdminList
        caption="Activity, newest first"
        noun="entries"
        query={query}
        columns={columns}
        rowKey={(e) => e.id}
        rowTestId="activity-row"
        onPage={list.setPage}
        emptyText="Nothing yet."
        filteredEmptyText="Nothing of this kind yet."
        filtered={list.filtered}
        errorText="The activity could not be loaded. Please refresh the page."
      />
    </AdminSection>
  );
}
