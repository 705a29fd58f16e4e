import { keepPreviousData } from '@tanstack/react-query';
import { Trash2, UserPlus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { AdminUser } from '../../../shared/admin.schema';
import { PASSWORD_MIN_LENGTH } from '../../../shared/constants';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast-store';
import { serverMessage } from '../../lib/api';
import { trpc } from '../../lib/trpc';
import { PasswordField } from '../auth/PasswordField';
import { TextField } from '../auth/TextField';
import { useAdminUser } from '../auth/useAdminUser';
import { ConfirmDialog } from './ConfirmDialog';
import { AdminList, useAdminList, type AdminListColumn } from './AdminList';
import { DateTime } from './Pager';
import * as styles from './AdminTable.css';

const EMPTY = { name: '', email: '', password: '' };

/** The admin accounts: who can sign in, adding one (POST /api/admin/register) and removing one. */
export function AdminsSection() {
  const utils = trpc.useUtils();
  const ids = useId();
  const { user } = useAdminUser();
  const list = useAdminList({});
  const [draft, setDraft] = useState(EMPTY);
  const [removing, setRemoving] = useState<AdminUser | null>(null);
  const query = trpc.admin.users.useQuery(
    { page: list.page, pageSize: list.pageSize },
    { placeholderData: keepPreviousData },
  );
  const register = trpc.auth.register.useMutation();
  const removeUser = trpc.admin.removeUser.useMutation();
  const onlyOne = (query.data?.total ?? 0) <= 1;

  const add = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await register.mutateAsync(draft);
      toast({ title: 'User created', description: `${draft.name.trim()} can now sign in at /login.` });
      setDraft(EMPTY);
    } catch (error) {
      toast({
        title: 'Registration failed',
        description: serverMessage(error) ?? 'Failed to create user',
        variant: 'destructive',
      });
    } finally {
      // SPEC section 7: the users list is refreshed after a registration call.
      await utils.admin.users.invalidate();
    }
  };

  const confirmRemove = async (admin: AdminUser) => {
    try {
      await removeUser.mutateAsync({ id: admin.id });
      toast({ title: 'Admin removed', description: `${admin.name} can no longer sign in.` });
    } catch (error) {
      toast({
        title: 'Could not remove the admin',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      await utils.admin.users.invalidate();
    }
  };

  const set = (field: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));

  const columns: Array<AdminListColumn<AdminUser>> = [
    {
      label: 'Name',
      primary: true,
      render: (a) => (
        <span className={styles.strong}>
          {a.name}
          {a.id === user?.id ? <span className={styles.muted}> (you)</span> : null}
        </span>
      ),
    },
    { label: 'E-mail', render: (a) => a.email },
    { label: 'Added', nowrap: true, render: (a) => <DateTime iso={a.createdAt} /> },
    {
      label: 'Actions',
      actions: true,
      render: (a) =>
        a.id === user?.id || onlyOne ? (
          <span className={styles.muted}>{onlyOne ? 'The only admin' : 'Signed in'}</span>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setRemoving(a)} aria-label={`Remove ${a.name}`}>
            <Trash2 size={16} aria-hidden="true" /> Remove
          </Button>
        ),
    },
  ];

  return (
    <>
      <section className={styles.section} aria-labelledby={`${ids}-title`}>
        <div>
          <h2 id={`${ids}-title`} className={styles.title}>
            Admins
          </h2>
          <p className={styles.lead}>
            Everyone here can manage the blog, the enquiries and the lists. There is always at least one
            admin.
          </p>
        </div>
        <AdminList
          caption="Admin users"
          noun="admins"
          query={query}
          columns={columns}
          rowKey={(a) => a.id}
          rowTestId="admin-row"
          onPage={list.setPage}
          emptyText="No admins yet."
          errorText="The admins could not be loaded. Please refresh the page."
          skeletonHeight="6rem"
        />
      </section>

      <section className={styles.section} aria-labelledby={`${ids}-add`}>
        <h2 id={`${ids}-add`} className={styles.title}>
          Add an admin
        </h2>
        <form
          className={styles.formGrid}
          onSubmit={(e) => void add(e)}
          aria-labelledby={`${ids}-add`}
          noValidate
        >
          <TextField
            id={`${ids}-name`}
            label="Name"
            autoComplete="off"
            required
            maxLength={100}
            value={draft.name}
            onChange={set('name')}
          />
          <TextField
            id={`${ids}-email`}
            label="E-mail"
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            value={draft.email}
            onChange={set('email')}
          />
          <PasswordField
            id={`${ids}-password`}
            label="Password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            value={draft.password}
            onChange={set('password')}
          />
          <Button type="submit" disabled={register.isPending}>
            <UserPlus size={18} aria-hidden="true" /> {register.isPending ? 'Adding...' : 'Add admin'}
          </Button>
        </form>
        <p className={styles.muted}>
          At least {PASSWORD_MIN_LENGTH} characters; three or four unrelated words make a strong password.
          Share it with the new admin in person or by phone, not by e-mail.
        </p>
      </section>

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove admin"
        description={`Remove ${removing?.name ?? 'this admin'}? They will be signed out at once and can no longer sign in. Their blog posts stay.`}
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing) void confirmRemove(removing);
        }}
      />
    </>
  );
}
