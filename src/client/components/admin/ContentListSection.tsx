import { keepPreviousData } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Button } from '../ui/Button';
import { trpc } from '../../lib/trpc';
import { AdminList, useAdminList, type AdminListColumn, type AdminListQuery } from './AdminList';
import { ItemDialogs, useItemDialogs } from './ItemDialogs';
import { capitalised, shownColumn, useToastedChange, VisibilityButton } from './Visibility';
import type { ContentFormProps } from './ContentForm';
import { AdminSection } from './AdminSection';
import * as styles from './AdminTable.css';

// One of the home page's content lists in the admin: the admin list of every item,
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
  oneLineActions = false,
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
  /**
   * The row's buttons side by side in the table, never wrapped: for a list whose own columns can
   * narrow to leave them room (else the table would outgrow its card).
   */
  oneLineActions?: boolean;
}) {
  // null: closed; 'new': adding; an item: editing it.
  const dialogs = useItemDialogs<T>();
  const { busy, run } = useToastedChange();
  const Noun = capitalised(noun);

  const data = query.data;
  /** Where the item is in the whole list (0 is the first), for the ends the buttons cannot pass. */
  const placeOf = (item: T) =>
    data ? (data.page - 1) * data.pageSize + data.items.findIndex((i) => i.id === item.id) : 0;

  const allColumns: Array<AdminListColumn<T>> = [
    ...columns,
    shownColumn(),
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
      nowrap: oneLineActions,
      render: (item) => (
        <>
          <Button
            size="sm"
            variant="outline"
            onClick={() => dialogs.onEditing(item)}
            aria-label={`Edit ${nameOf(item)}`}
          >
            <Pencil size={16} aria-hidden="true" /> Edit
          </Button>
          <VisibilityButton
            visible={item.visible}
            name={nameOf(item)}
            noun={noun}
            disabled={busy}
            run={run}
            setVisible={(visible) => calls.setVisible(item, visible)}
          />
          <Button
            size="sm"
            variant="danger"
            onClick={() => dialogs.onDeleting(item)}
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
        <Button onClick={() => dialogs.onEditing('new')}>
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
      <ItemDialogs
        {...dialogs}
        noun={noun}
        form={Form}
        refresh={refresh}
        deleteDescription={(item) =>
          `Delete ${item ? nameOf(item) : `this ${noun}`}? It disappears from the site at once; to keep it for later, hide it instead.`
        }
        run={run}
        remove={calls.remove}
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
