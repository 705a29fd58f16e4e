import type { FormEvent, ReactNode } from 'react';
import type { z } from 'zod';
import { useSchemaForm, type FormValues, type SchemaSource } from '../ui/form/useSchemaForm';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast-store';
import { serverMessage } from '../../lib/api';
import * as fieldStyles from '../ui/form/Field.css';

// The form in a content list's dialog (ContentListSection.tsx), and the episodes' form: the fields
// checked by the shared schema the server checks with, and a submit that adds the item (or saves
// the one being edited), refreshes the lists and says so.

/**
 * The form's first values: these fields of the item being edited (an empty one as ''), or '' each
 * for a new item.
 */
export function valuesOf<const K extends string>(
  editing: Record<K, string | null> | null,
  fields: readonly K[],
): Record<K, string> {
  return Object.fromEntries(fields.map((field) => [field, editing?.[field] ?? ''])) as Record<K, string>;
}

/**
 * Saves a content form: adds the item, or changes the one being edited; then refreshes, says so and
 * closes the dialog. A refusal keeps the form open with the server's words.
 */
export async function saveContentItem<F>(options: {
  editing: { id: number } | null;
  fields: F;
  create: (fields: F) => Promise<unknown>;
  update: (input: F & { id: number }) => Promise<unknown>;
  noun: string;
  refresh: () => Promise<unknown>;
  done: () => void;
}): Promise<void> {
  const { editing, fields, noun } = options;
  try {
    if (editing) await options.update({ ...fields, id: editing.id });
    else await options.create(fields);
    await options.refresh();
    toast({ title: editing ? `The ${noun} has been saved` : `The ${noun} has been added` });
    options.done();
  } catch (error) {
    toast({
      title: `Could not save the ${noun}`,
      description: serverMessage(error) ?? 'Please try again.',
      variant: 'destructive',
    });
  }
}

/** What a content list gives its form: the item being edited (null for a new one) and what to do after. */
export interface ContentFormProps<T> {
  editing: T | null;
  done: () => void;
  refresh: () => Promise<unknown>;
}

/**
 * A content item's form: its fields checked by the shared schema the server checks with, and a
 * submit that adds the item (or saves the one being edited), refreshes the lists and says so.
 */
export function useContentForm<V extends FormValues, S extends z.ZodType>(options: {
  editing: { id: number } | null;
  initial: V;
  schema: SchemaSource<S>;
  /** What the schema checks, made from the values (see useSchemaForm). */
  input?: (values: V) => unknown;
  blank?: Partial<Record<keyof V & string, string>>;
  create: (fields: z.output<S>) => Promise<unknown>;
  update: (input: z.output<S> & { id: number }) => Promise<unknown>;
  noun: string;
  refresh: () => Promise<unknown>;
  done: () => void;
}) {
  const { initial, schema, input, blank, ...save } = options;
  const form = useSchemaForm({ initial, schema, input, blank });
  const submit = form.submit({ onValid: (fields) => saveContentItem({ ...save, fields }) });
  /** What ContentForm takes. */
  const frame = {
    editing: save.editing !== null,
    busy: form.submitting,
    onSubmit: submit,
    onCancel: save.done,
  };
  return { form, submit, frame };
}

/** The create and update calls of one content list (trpc.siteContent.services, .newsletters...). */
interface ContentFormApi<S extends z.ZodType> {
  create: { useMutation: () => { mutateAsync: (fields: z.output<S>) => Promise<unknown> } };
  update: { useMutation: () => { mutateAsync: (input: z.output<S> & { id: number }) => Promise<unknown> } };
}

/** useContentForm with the create and update calls of the list's own API. */
export function useContentListForm<V extends FormValues, S extends z.ZodType>({
  api,
  ...options
}: Omit<Parameters<typeof useContentForm<V, S>>[0], 'create' | 'update'> & { api: ContentFormApi<S> }) {
  const create = api.create.useMutation();
  const update = api.update.useMutation();
  return useContentForm({ ...options, create: create.mutateAsync, update: update.mutateAsync });
}

/** A content form: its fields, then Add or Save and Cancel. */
export function ContentForm({
  editing,
  busy,
  onSubmit,
  onCancel,
  children,
}: {
  editing: boolean;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form className={fieldStyles.stack} onSubmit={onSubmit} noValidate>
      {children}
      <div className={fieldStyles.actions}>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : editing ? 'Save changes' : 'Add'}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
