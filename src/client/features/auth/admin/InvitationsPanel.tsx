import { keepPreviousData } from '@tanstack/react-query';
import { Send, XCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { EMAIL_MAX_LENGTH } from '../../../../shared/email';
import {
  INVITATION_LIFETIME_DAYS,
  inviteInputSchema,
  mayGive,
  ROLE_NAMES,
  type Invitation,
  type InvitationStatus,
  type StaffRole,
} from '../../../../shared/staff';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/form/TextField';
import { useSchemaForm } from '../../../components/ui/form/useSchemaForm';
import { toast } from '../../../components/ui/toast-store';
import { serverMessage } from '../../../lib/api';
import { trpc } from '../../../lib/trpc';
import {
  AdminList,
  ConfirmDialog,
  DateTime,
  tableStyles as styles,
  useAdminList,
  type AdminListColumn,
} from '../../../components/admin';
import { RoleChoice } from './RoleChoice';

const STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: 'Waiting',
  accepted: 'Joined',
  revoked: 'Revoked',
  expired: 'Expired',
};
const STATUS_PILLS: Record<InvitationStatus, keyof typeof styles.pill> = {
  pending: 'pending',
  accepted: 'replied',
  revoked: 'archived',
  expired: 'archived',
};

/**
 * Inviting someone to the staff by e-mail with a role (they choose their own name and password),
 * and the invitations sent: who invited whom, whether they joined, and Revoke for a waiting one.
 */
export function InvitationsPanel({ myRole, givable }: { myRole: StaffRole; givable: StaffRole[] }) {
  const utils = trpc.useUtils();
  const ids = useId();
  const list = useAdminList({});
  const query = trpc.admin.invitations.useQuery(
    { page: list.page, pageSize: list.pageSize },
    { placeholderData: keepPreviousData },
  );
  const invite = trpc.admin.invite.useMutation();
  const revoke = trpc.admin.revokeInvitation.useMutation();
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const form = useSchemaForm({
    initial: { email: '', role: 'contributor' as StaffRole },
    schema: inviteInputSchema,
  });

  const send = form.submit({
    onValid: async (asked) => {
      try {
        await invite.mutateAsync(asked);
        toast({
          title: 'Invitation sent',
          description: `${asked.email} can join as ${ROLE_NAMES[asked.role].toLowerCase()} within ${INVITATION_LIFETIME_DAYS} days.`,
        });
        form.reset();
      } catch (error) {
        toast({
          title: 'Could not send the invitation',
          description: serverMessage(error) ?? 'Please try again.',
          variant: 'destructive',
        });
      } finally {
        await utils.admin.invitations.invalidate();
      }
    },
    onInvalid: (errors) =>
      toast({
        title: 'Could not send the invitation',
        description: Object.values(errors)[0],
        variant: 'destructive',
      }),
  });

  const confirmRevoke = async (invitation: Invitation) => {
    try {
      const { message } = await revoke.mutateAsync({ id: invitation.id });
      toast({ title: 'Invitation revoked', description: message });
    } catch (error) {
      toast({
        title: 'Could not revoke the invitation',
        description: serverMessage(error) ?? 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      await utils.admin.invitations.invalidate();
    }
  };

  const columns: Array<AdminListColumn<Invitation>> = [
    {
      label: 'Email',
      primary: true,
      wide: true,
      render: (i) => <span className={styles.strong}>{i.email}</span>,
    },
    { label: 'Role', render: (i) => ROLE_NAMES[i.role] },
    { label: 'Invited by', render: (i) => i.invitedBy },
    {
      label: 'Status',
      render: (i) => <span className={styles.pill[STATUS_PILLS[i.status]]}>{STATUS_LABELS[i.status]}</span>,
    },
    {
      label: 'Sent',
      nowrap: true,
      render: (i) => <DateTime iso={i.createdAt} />,
    },
    {
      label: 'Actions',
      actions: true,
      render: (i) =>
        i.status === 'pending' && mayGive(myRole, i.role) ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setRevoking(i)}
            aria-label={`Revoke the invitation of ${i.email}`}
          >
            <XCircle size={16} aria-hidden="true" /> Revoke
          </Button>
        ) : null,
    },
  ];

  return (
    <section className={styles.section} aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.title}>
        Invite someone
      </h2>
      <p className={styles.lead}>
        They get a link by e-mail that works once, for {INVITATION_LIFETIME_DAYS} days, and choose their own
        name and password.
      </p>
      <form className={styles.formGrid} onSubmit={send} aria-labelledby={`${ids}-title`} noValidate>
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
        <RoleChoice id={`${ids}-role`} label="Role" roles={givable} {...form.field('role')} />
        <Button type="submit" disabled={invite.isPending}>
          <Send size={18} aria-hidden="true" /> {invite.isPending ? 'Sending...' : 'Send invitation'}
        </Button>
      </form>
      <AdminList
        caption="Invitations"
        noun="invitations"
        query={query}
        columns={columns}
        rowKey={(i) => i.id}
        rowTestId="invitation-row"
        onPage={list.setPage}
        emptyText="No invitations sent yet."
        errorText="The invitations could not be loaded. Please refresh the page."
        skeletonHeight="4rem"
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke invitation"
        description={`Revoke the invitation of ${revoking?.email ?? 'this address'}? Its link stops working at once.`}
        confirmLabel="Revoke"
        onConfirm={() => {
          if (revoking) void confirmRevoke(revoking);
        }}
      />
    </section>
  );
}
