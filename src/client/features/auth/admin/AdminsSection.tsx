import { keepPreviousData } from '@tanstack/react-query';
import { Crown, Trash2, UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import type { AdminUser } from '../../../../shared/admin.schema';
import { ADMIN_NAME_MAX_LENGTH, newPasswordSchema, registerInputSchema } from '../../../../shared/auth';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/constants';
import { EMAIL_MAX_LENGTH } from '../../../../shared/email';
import {
  mayGive,
  ROLE_DESCRIPTIONS,
  ROLE_NAMES,
  STAFF_ROLES,
  type StaffRole,
} from '../../../../shared/staff';
import * as staffStyles from './AdminsSection.css';
import { InvitationsPanel } from './InvitationsPanel';
import { RoleChoice } from './RoleChoice';
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

/**
 * The staff: who can sign in and with which role, adding someone (POST /api/admin/register),
 * changing a role (PATCH /api/admin/users/{id}), removing someone, and, for the owner, handing the
 * business over. Each person sees the roles they may give (src/shared/staff.ts), no more.
 */
export function AdminsSection() {
  const utils = trpc.useUtils();
  const ids = useId();
  const { user } = useAdminUser();
  const myRole: StaffRole = user?.role ?? 'contributor';
  const givable = STAFF_ROLES.filter((r) => mayGive(myRole, r));
  const list = useAdminList({});
  const form = useSchemaForm({
    initial: { name: '', email: '', password: '', role: 'contributor' as StaffRole },
    schema: newAdminSchema,
  });
  const [removing, setRemoving] = useState<AdminUser | null>(null);
  const [handingTo, setHandingTo] = useState<AdminUser | null>(null);
  const query = trpc.admin.users.useQuery(
    { page: list.page, pageSize: list.pageSize },
    { placeholderData: keepPreviousData },
  );
  const register = trpc.auth.register.useMutation();
  const removeUser = trpc.admin.removeUser.useMutation();
  const changeRole = trpc.admin.changeUserRole.useMutation();
  const handOver = trpc.admin.handOverOwnership.useMutation();
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
        toast({
          title: 'User created',
          description: `${admin.name} can now sign in at /login as ${ROLE_NAMES[admin.role ?? 'administrator'].toLowerCase()}.`,
        });
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

  const setRole = async (person: AdminUser, role: StaffRole) => {
    try {
      await changeRole.mutateAsync({ id: person.id, role });
      toast({
        title: 'Role changed',
        description: `${person.name} is now ${ROLE_NAMES[role].toLowerCase()}.`,
      });
    } catch (error) {
      toast({
        title: 'Could not change the role',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      await utils.admin.users.invalidate();
    }
  };

  const confirmHandOver = async (person: AdminUser) => {
    try {
      const { message } = await handOver.mutateAsync({ id: person.id });
      toast({ title: 'Ownership handed over', description: message });
    } catch (error) {
      toast({
        title: 'Could not hand ownership over',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      await Promise.all([utils.admin.users.invalidate(), utils.auth.user.invalidate()]);
    }
  };

  /** Whether the signed-in person may change or remove this one (never themselves, never the owner). */
  const manages = (a: AdminUser) => a.id !== user?.id && a.role !== 'owner' && mayGive(myRole, a.role);

  const columns: Array<AdminListColumn<AdminUser>> = [
    {
      // Name and address together: a column each left an address broken mid-word at 1366 px.
      label: 'Person',
      primary: true,
      wide: true,
      render: (a) => (
        <span className={staffStyles.person}>
          <span className={styles.strong}>
            {a.name}
            {a.id === user?.id ? <span className={styles.muted}> (you)</span> : null}
          </span>
          <span className={styles.muted}>{a.email}</span>
        </span>
      ),
    },
    {
      label: 'Role',
      render: (a) =>
        manages(a) ? (
          <RoleChoice
            className={staffStyles.roleSelect}
            aria-label={`Role of ${a.name}`}
            roles={givable}
            value={a.role}
            disabled={changeRole.isPending}
            onChange={(e) => void setRole(a, e.target.value as StaffRole)}
          />
        ) : (
          <span title={ROLE_DESCRIPTIONS[a.role]}>{ROLE_NAMES[a.role]}</span>
        ),
    },
    { label: 'Added', nowrap: true, render: (a) => <DateTime iso={a.createdAt} /> },
    {
      label: 'Actions',
      actions: true,
      render: (a) =>
        a.id === user?.id || onlyOne ? (
          <span className={styles.muted}>{onlyOne ? 'The only admin' : 'Signed in'}</span>
        ) : (
          <>
            {myRole === 'owner' ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setHandingTo(a)}
                aria-label={`Hand ownership to ${a.name}`}
              >
                <Crown size={16} aria-hidden="true" /> Make owner
              </Button>
            ) : null}
            {manages(a) ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setRemoving(a)}
                aria-label={`Remove ${a.name}`}
              >
                <Trash2 size={16} aria-hidden="true" /> Remove
              </Button>
            ) : a.role === 'owner' ? (
              <span className={styles.muted}>Owner</span>
            ) : null}
          </>
        ),
    },
  ];

  return (
    <>
      <section className={styles.section} aria-labelledby={`${ids}-title`}>
        <div>
          <h2 id={`${ids}-title`} className={styles.title}>
            Staff
          </h2>
          <p className={styles.lead}>
            Each person sees and does what their role allows, and no more. You can give:{' '}
            {givable.map((r) => ROLE_NAMES[r]).join(', ')}.
          </p>
          <dl className={staffStyles.roleList}>
            {STAFF_ROLES.map((r) => (
              <div key={r}>
                <dt className={styles.strong}>{ROLE_NAMES[r]}</dt>
                <dd className={styles.muted}>{ROLE_DESCRIPTIONS[r]}</dd>
              </div>
            ))}
          </dl>
        </div>
        <AdminList
          caption="Staff"
          noun="people"
          query={query}
          columns={columns}
          rowKey={(a) => a.id}
          rowTestId="admin-row"
          onPage={list.setPage}
          emptyText="No admins yet."
          errorText="The staff could not be loaded. Please refresh the page."
          skeletonHeight="6rem"
        />
      </section>

      <InvitationsPanel myRole={myRole} givable={givable} />

      <section className={styles.section} aria-labelledby={`${ids}-add`}>
        <h2 id={`${ids}-add`} className={styles.title}>
          Add someone with a password
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
          <RoleChoice id={`${ids}-role`} label="Role" roles={givable} {...form.field('role')} />
          <Button type="submit" disabled={register.isPending}>
            <UserPlus size={18} aria-hidden="true" /> {register.isPending ? 'Adding...' : 'Add person'}
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
      <ConfirmDialog
        open={handingTo !== null}
        onOpenChange={(open) => {
          if (!open) setHandingTo(null);
        }}
        title="Hand ownership over"
        description={`Make ${handingTo?.name ?? 'them'} the owner of the business? They can then add and remove administrators, you included; you become an administrator.`}
        confirmLabel="Make owner"
        onConfirm={() => {
          if (handingTo) void confirmHandOver(handingTo);
        }}
      />
    </>
  );
}
