import { keepPreviousData } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Eye, EyeOff, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { AdminList, useAdminList, type AdminListColumn, type AdminListQuery } from './AdminList';
import { ConfirmDialog } from './ConfirmDialog';
import type { ContentFormProps } from './ContentForm';
import { AdminSection } from './AdminSection';
import * as styles from './AdminTable.css';

// One of the home page's content lists in the admin (issue 15.1): the admin list of every item,
// hidden ones too, in the order visitors see them, with up and down buttons (the accessible way to
// reorder: keyboard, screen reader and thumb alike), show/hide, edit in a dialog and delete after a
// confirmation. Each list (ServicesEditor.tsx...) gives its columns, its form and its calls.

export interface ListedItem {
  id: number;
  visible: boolean;
  position: number;
}

export interface ContentListCalls<T> {
  move: (item: T, direction: 'up' | 'down') => Promise<unknown>;
  setVisible: (item: T, visible: boolean) => Promise<unknown>;
  remove: (item: T) => Promise<unknown>;
}

export function ContentListSection<T extends ListedItem>({
  title,
  lead,
  noun,
  plural,
  query,
  onPage,
  columns,
  nameOf,
  calls,
  refresh,
  form: Form,
  testId,
}: {
  title: string;
  lead: ReactNode;
  /** 'service': the buttons' and messages' word for one item. */
  noun: string;
  /** 'services' */
  plural: string;
  query: AdminListQuery<T>;
  onPage: (page: number) => void;
  /** The item's own columns; order, shown and the actions are added here. */
  columns: Array<AdminListColumn<T>>;
  /** How a button names the item: 'Move Newsletter Advertising up'. */
  nameOf: (item: T) => string;
  calls: ContentListCalls<T>;
  refresh: () => Promise<unknown>;
  /** The form in the dialog, for a new item (null) or the one being edited. */
  form: ComponentType<ContentFormProps<T>>;
  testId: string;
}) {
  // null: closed; 'new': adding; an item: editing it.
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);

  const run = async (work: () => Promise<unknown>, done: string, failed: string) => {
    setBusy(true);
    try {
      await work();
      toast({ title: done });
    } catch (error) {
      toast({
        title: failed,
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  const data = query.data;
  /** Where the item is in the whole list (0 is the first), for the ends the buttons cannot pass. */
  const placeOf = (item: T) =>
    data ? (data.page - 1) * data.pageSize + data.items.findIndex((i) => i.id === item.id) : 0;

  const allColumns: Array<AdminListColumn<T>> = [
    ...columns,
    {
      label: 'Shown',
      render: (item) => (
        <span className={item.visible ? styles.pill.replied : styles.pill.archived}>
          {item.visible ? 'Shown' : 'Hidden'}
        </span>
      ),
    },
    {
      label: 'Order',
      nowrap: true,
      render: (item) => (
        <span className={styles.orderButtons}>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Move ${nameOf(item)} up`}
            disabled={busy || placeOf(item) === 0}
            onClick={() =>
              void run(() => calls.move(item, 'up'), `${Noun} moved up`, `Could not move the ${noun}`)
            }
          >
            <ArrowUp size={18} aria-hidden="true" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={`Move ${nameOf(item)} down`}
            disabled={busy || placeOf(item) >= (data?.total ?? 0) - 1}
            onClick={() =>
              void run(() => calls.move(item, 'down'), `${Noun} moved down`, `Could not move the ${noun}`)
            }
          >
            <ArrowDown size={18} aria-hidden="true" />
          </Button>
        </span>
      ),
    },
    {
      label: 'Actions',
      actions: true,
      render: (item) => (
        <>
          <Button
            size="sm"
            variant="outline"
            onClick={() => setEditing(item)}
            aria-label={`Edit ${nameOf(item)}`}
          >
            <Pencil size={16} aria-hidden="true" /> Edit
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            aria-label={`${item.visible ? 'Hide' : 'Show'} ${nameOf(item)}`}
            onClick={() =>
              void run(
                () => calls.setVisible(item, !item.visible),
                item.visible ? `${Noun} hidden from the site` : `${Noun} shown on the site`,
                `Could not change the ${noun}`,
              )
            }
          >
            {item.visible ? <EyeOff size={16} aria-hidden="true" /> : <Eye size={16} aria-hidden="true" />}
            {item.visible ? 'Hide' : 'Show'}
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => setDeleting(item)}
            aria-label={`Delete ${nameOf(item)}`}
          >
            <Trash2 size={16} aria-hidden="true" /> Delete
          </Button>
        </>
      ),
    },
  ];

  return (
    <AdminSection
      title={title}
      lead={lead}
      testId={testId}
      action={
        <Button onClick={() => setEditing('new')}>
          <Plus size={18} aria-hidden="true" /> Add {noun}
        </Button>
      }
    >
      <AdminList
        caption={`${title}, in the order the site shows them`}
        noun={plural}
        query={query}
        columns={allColumns}
        rowKey={(item) => item.id}
        rowTestId={`${testId}-row`}
        rowAttributes={(item) => ({ 'data-hidden': !item.visible || undefined })}
        onPage={onPage}
        emptyText={`No ${plural} yet. Add the first one.`}
        errorText={`The ${plural} could not be loaded. Please refresh the page.`}
        skeletonHeight="8rem"
      />
      <Dialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing === 'new' ? `Add ${noun}` : `Edit ${noun}`}
        closeButton
        size="lg"
      >
        {editing !== null ? (
          <Form
            editing={editing === 'new' ? null : editing}
            done={() => setEditing(null)}
            refresh={refresh}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${noun}`}
        description={`Delete ${deleting ? nameOf(deleting) : `this ${noun}`}? It disappears from the site at once; to keep it for later, hide it instead.`}
        confirmLabel="Delete"
        onConfirm={() => {
          const item = deleting;
          if (item) void run(() => calls.remove(item), `${Noun} deleted`, `Could not delete the ${noun}`);
        }}
      />
    </AdminSection>
  );
}

/** The tRPC calls of one content list (trpc.siteContent.services, .newsletters...), as the section uses them. */
interface ContentListApi<T> {
  list: {
    useQuery: (
      input: { page: number; pageSize: number },
      options: { placeholderData: typeof keepPreviousData },
    ) => AdminListQuery<T>;
  };
  update: {
    useMutation: () => { mutateAsync: (input: { id: number; visible: boolean }) => Promise<unknown> };
  };
  move: {
    useMutation: () => { mutateAsync: (input: { id: number; direction: 'up' | 'down' }) => Promise<unknown> };
  };
  delete: { useMutation: () => { mutateAsync: (input: { id: number }) => Promise<unknown> } };
}

/**
 * The page of a content list and its calls, each followed by `refresh`: the reads `reads` names
 * again (the admin's list and the public read the home page shows, which share this query cache).
 */
export function useContentList<T extends ListedItem>(
  api: ContentListApi<T>,
  reads: (utils: ReturnType<typeof trpc.useUtils>) => Array<{ invalidate: () => Promise<unknown> }>,
) {
  const utils = trpc.useUtils();
  const refresh = () => Promise.all(reads(utils).map((read) => read.invalidate()));
  const list = useAdminList({});
  const query = api.list.useQuery(
    { page: list.page, pageSize: list.pageSize },
    { placeholderData: keepPreviousData },
  );
  const update = api.update.useMutation();
  const move = api.move.useMutation();
  const remove = api.delete.useMutation();
  const calls: ContentListCalls<T> = {
    move: (item, direction) => move.mutateAsync({ id: item.id, direction }).then(refresh),
    setVisible: (item, visible) => update.mutateAsync({ id: item.id, visible }).then(refresh),
    remove: (item) => remove.mutateAsync({ id: item.id }).then(refresh),
  };
  return { query, onPage: list.setPage, calls, refresh };
}
