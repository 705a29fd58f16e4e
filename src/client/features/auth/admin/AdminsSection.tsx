import { keepPreviousData } from '@tanstack/react-query';
import { Trash2, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdminUser } from '../../../../shared/admin.schema';
import { ADMIN_NAME_MAX_LENGTH, newPasswordSchema, registerInputSchema } from '../../../../shared/auth';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { EMAIL_MAX_LENGTH } from '../../../../shared/email';
import { Button } from '../../../components/ui/Button';
import { PasswordField } from '../../../components/ui/form/PasswordField';
import { TextField } from '../../../components/ui/form/TextField';
import { useSchemaForm } from '../../../components/ui/form/useSchemaForm';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import { useAdminUser } from '../useAdminUser';
import {
  ConfirmDialog,
  AdminList,
  useAdminList,
  type AdminListColumn,
  DateTime,
  tableStyles as styles,
} from '../../../components/admin';

/** POST /api/admin/register's input, with the password rule the server applies (docs/specification.md §9, constants and limits). */
const newAdminSchema = registerInputSchema.extend({ password: newPasswordSchema });

/** The admin accounts: who can sign in, adding one (POST /api/admin/register) and removing one. */
export function AdminsSection() {
  const utils = trpc.useUtils();
  const ids = useId();
  const { user } = useAdminUser();
  const list = useAdminList({});
  const form = useSchemaForm({ initial: { name: '', email: '', password: '' }, schema: newAdminSchema });
  const [removing, setRemoving] = useState<AdminUser | null>(null);
  const query = trpc.admin.users.useQuery(
    { page: list.page, pageSize: list.pageSize },
    { placeholderData: keepPreviousData },
  );
  const register = trpc.auth.register.useMutation();
  const removeUser = trpc.admin.removeUser.useMutation();
  const onlyOne = (query.data?.total ?? 0) <= 1;

  const registrationFailed = (description?: string) =>
    toast({
      title: 'Registration failed',
      description: description ?? 'Failed to create user',
      variant: 'destructive',
    });
  const add = form.submit({
    onValid: async (admin) => {
      try {
        await register.mutateAsync(admin);
        toast({ title: 'User created', description: `${admin.name} can now sign in at /login.` });
        form.reset();
      } catch (error) {
        registrationFailed(serverMessage(error));
      } finally {
        // The specification's calls (docs/specification.md §7): the users list is refreshed after a registration call.
        await utils.admin.users.invalidate();
      }
    },
    // Refused before it is sent, in the words the server would have used.
    onInvalid: (errors) => registrationFailed(Object.values(errors)[0]),
  });

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
    { label: 'Email', render: (a) => a.email },
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
        <form className={styles.formGrid} onSubmit={add} aria-labelledby={`${ids}-add`} noValidate>
          <TextField
            id={`${ids}-name`}
            label="Name"
            autoComplete="off"
            required
            maxLength={ADMIN_NAME_MAX_LENGTH}
            {...form.field('name')}
            error={form.errors.name}
          />
          <TextField
            id={`${ids}-email`}
            label="Email"
            type="email"
            autoComplete="off"
            required
            maxLength={EMAIL_MAX_LENGTH}
            {...form.field('email')}
            error={form.errors.email}
          />
          <PasswordField
            id={`${ids}-password`}
            label="Password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            {...form.field('password')}
            error={form.errors.password}
          />
          <Button type="submit" disabled={register.isPending}>
            <UserPlus size={18} aria-hidden="true" /> {register.isPending ? 'Adding...' : 'Add admin'}
          </Button>
        </form>
        <p className={styles.muted}>
          At least {PASSWORD_MIN_LENGTH} characters; three or four unrelated words make a strong password.
          Share it with the new admin in person or by phone, not by email.
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
