import type { StaffInvite as Invite, StaffSettings, StaffUser, StaffUserCreated } from '@hs/contracts';
import { useState } from 'react';
import useSWR from 'swr';
import * as v from 'valibot';
import * as Field from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { type ApiEnvelope, api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { STAFF_ROLE_OPTIONS, roleLabel } from '../../lib/staff-roles';
import { selectStyle } from '../../public/select-style';
import { FormDialog } from '../components/form-dialog';
import {
  ActionsMenu,
  cellStyle,
  type Entity,
  EntityTab,
  ShownOnceDialog,
  useEntityDialog,
} from '../entity-tab';
import { ADMIN_PATHS, failureMessage, formatAdminDateTime, toastError, toastSuccess } from '../lib/admin-api';
import { useAsyncAction } from '../components/use-async-action';

/** The one-time link, shown once after an invite in case the email does not arrive. */
function InviteDialog({
  invite,
  username,
  onClose,
}: {
  invite: Invite;
  username: string;
  onClose: () => void;
}) {
  return (
    <ShownOnceDialog
      title={`Invite link for ${username}`}
      description={
        <>
          {invite.emailed
            ? 'The link was emailed. You can also hand it over yourself.'
            : 'The email could not be sent: hand this link over yourself.'}{' '}
          It works once, until {formatAdminDateTime(invite.expiresAt)}.
        </>
      }
      value={invite.inviteUrl}
      testId="invite-url"
      copyLabel="Copy invite link"
      onCopy={() => void navigator.clipboard?.writeText(invite.inviteUrl)}
      onClose={onClose}
    />
  );
}

function RoleSelect({ value, onChange }: { value: string; onChange: (role: string) => void }) {
  return (
    <Field.Root required>
      <Field.Label>Role</Field.Label>
      <Field.Select className={selectStyle} value={value} onChange={(e) => onChange(e.target.value)}>
        {STAFF_ROLE_OPTIONS.map((r) => (
          <option key={r.value} value={r.value}>
            {r.label}
          </option>
        ))}
      </Field.Select>
      <Field.HelperText>
        Front desk: check-in, attendee sheet, order lookup. Finance: orders, exports, refunds. Admin:
        everything.
      </Field.HelperText>
    </Field.Root>
  );
}

const USER: Entity<StaffUser> = {
  path: ADMIN_PATHS.users,
  label: 'Staff User',
  noun: 'user',
  name: (u) => u.username,
  confirm: (name) =>
    `Are you sure you want to delete "${name}"? They are signed out at once; the history keeps their name.`,
};

/** No checks here: the API's answer (said under the fields) is the only judge of a staff user. */
const userDialogSchema = v.object({
  username: v.string(),
  email: v.string(),
  role: v.string(),
  active: v.boolean(),
});

/** Create (username, email, role; the invite goes out) or edit (email, role, active) a staff user. */
/** Add or edit a staff user (exported for its test). */
export function UserDialog({
  user,
  onClose,
  onSaved,
}: {
  user: StaffUser | null;
  onClose: () => void;
  onSaved: (created?: { invite: Invite; username: string }) => void;
}) {
  const { form, save, props } = useEntityDialog({
    entity: USER,
    item: user,
    schema: userDialogSchema,
    initial: {
      username: '',
      email: user?.email ?? '',
      role: String(user?.role ?? 'front_desk'),
      active: user?.active ?? true,
    },
    onOpenChange: (open) => !open && onClose(),
    onSaved: (answer?: ApiEnvelope<StaffUserCreated>) =>
      onSaved(
        user || !answer ? undefined : { invite: answer.data.invite, username: answer.data.user.username },
      ),
    failure: 'inline',
  });

  const onSubmit = form.handleSubmit(async ({ username, email, role, active }) => {
    // A user made without an email (the first admin, the seeded demo staff) can still have their
    // role or active flag changed: the email is sent only when there is one.
    if (user) await save({ ...(email ? { email } : {}), role, active });
    else await save({ username, email, role }, { description: `Invite sent to ${email}` });
  });

  return (
    <FormDialog
      {...props}
      onSubmit={onSubmit}
      title={user ? `Edit ${user.username}` : props.title}
      description={
        user
          ? 'A deactivated user is signed out at once.'
          : 'They get a one-time link by email to choose their own password.'
      }
      submitLabel={user ? 'Save' : 'Create and Send Invite'}
    >
      {user ? null : (
        <Field.TextField label="Username" required autoComplete="off" {...form.text('username')} />
      )}
      <Field.TextField
        label="Email"
        type="email"
        required={!user || Boolean(user.email)}
        {...form.text('email')}
      />
      <RoleSelect value={form.values.role} onChange={(role) => form.setValue('role', role)} />
      {user ? (
        <Switch checked={form.values.active} onCheckedChange={(e) => form.setValue('active', e.checked)}>
          Active
        </Switch>
      ) : null}
    </FormDialog>
  );
}

function RequireTotpSwitch() {
  const { data, mutate } = useSWR<ApiEnvelope<StaffSettings>>(ADMIN_PATHS.staffSettings);
  const { pending, run } = useAsyncAction();
  const on = data?.data.requireTotpForAdmins ?? false;
  return (
    <Switch
      checked={on}
      disabled={!data || pending}
      onCheckedChange={(e) =>
        run(async () => {
          const res = await api.put<ApiEnvelope<StaffSettings>>(ADMIN_PATHS.staffSettings, {
            requireTotpForAdmins: e.checked,
          });
          await mutate(res, { revalidate: false });
          toastSuccess(e.checked ? 'Two-factor required for admins' : 'Two-factor optional for admins');
        }, 'Failed to update the setting')
      }
    >
      Require two-factor authentication (TOTP) for admins
    </Switch>
  );
}

/** Dashboard tab 'Staff' (admin only): the staff accounts, their roles, invites and deactivation. */
export function StaffTab() {
  const { user: me } = useAuth();
  const [invite, setInvite] = useState<{ invite: Invite; username: string } | null>(null);

  const resend = async (user: StaffUser) => {
    try {
      const res = await api.post<ApiEnvelope<Invite>>(`${ADMIN_PATHS.users}/${user.id}/invite`);
      setInvite({ invite: res.data, username: user.username });
    } catch (e) {
      toastError(`Failed to send the invite: ${failureMessage(e)}`);
    }
  };

  return (
    <EntityTab
      entity={USER}
      heading={{
        id: 'staff-heading',
        title: 'Staff',
        description: 'Who can sign in to the back-office, and what each role may do.',
      }}
      addIcon={null}
      before={<RequireTotpSwitch />}
      empty="No staff users."
      caption="Staff users"
      columns={[
        { header: 'Username', cell: (u) => u.username, className: cellStyle.name },
        { header: 'Email', cell: (u) => u.email ?? '-' },
        { header: 'Role', cell: (u) => roleLabel(u.role) },
        {
          header: 'Status',
          cell: (u) => (!u.active ? 'Deactivated' : u.passwordSet ? 'Active' : 'Invited (no password yet)'),
        },
        { header: 'Two-factor', cell: (u) => (u.totpEnabled ? 'On' : 'Off') },
        {
          header: 'Last Login',
          cell: (u) => (u.lastLogin ? formatAdminDateTime(u.lastLogin) : 'Never'),
          className: cellStyle.nowrap,
        },
      ]}
      actions={(u, { edit, remove }) => (
        <ActionsMenu
          name={u.username}
          items={[
            { value: 'edit', label: 'Edit' },
            {
              value: 'invite',
              label: u.passwordSet ? 'Send password reset link' : 'Send invite again',
              disabled: !u.active,
            },
            { value: 'delete', label: 'Delete', danger: true, disabled: u.id === me?.id },
          ]}
          onSelect={(value) => {
            if (value === 'edit') edit();
            else if (value === 'invite') void resend(u);
            else remove();
          }}
        />
      )}
      dialog={({ item, onOpenChange, onSaved }) => (
        <UserDialog
          user={item}
          onClose={() => onOpenChange(false)}
          onSaved={(created) => {
            onSaved();
            if (created) setInvite(created);
          }}
        />
      )}
    >
      {invite ? <InviteDialog {...invite} onClose={() => setInvite(null)} /> : null}
    </EntityTab>
  );
}
