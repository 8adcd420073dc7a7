import type { StaffInvite as Invite, StaffSettings, StaffUser, StaffUserCreated } from '@hs/contracts';
import { type FormEvent, useRef, useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import { HStack, Stack } from 'styled-system/jsx';
import { CopyIcon, MoreHorizontalIcon } from '../../components/icons';
import { Button, IconButton } from '../../components/ui/button';
import * as Dialog from '../../components/ui/dialog';
import * as Field from '../../components/ui/field';
import * as Menu from '../../components/ui/menu';
import { Switch } from '../../components/ui/switch';
import * as Table from '../../components/ui/table';
import { type ApiEnvelope, api } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { STAFF_ROLE_OPTIONS, roleLabel } from '../../lib/staff-roles';
import { selectStyle } from '../../public/select-style';
import { ConfirmDialog } from '../components/confirm-dialog';
import { FormDialog } from '../components/form-dialog';
import { ListState, SectionHeader } from '../components/section';
import {
  ADMIN_PATHS,
  failureMessage,
  formatAdminDateTime,
  toastError,
  toastSuccess,
  useAdminList,
} from '../lib/admin-api';

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
    <Dialog.Root open onOpenChange={(e) => !e.open && onClose()} closeOnInteractOutside={false}>
      <Dialog.Portal>
        <Dialog.Header>
          <Dialog.Title>Invite link for {username}</Dialog.Title>
          <Dialog.Description>
            {invite.emailed
              ? 'The link was emailed. You can also hand it over yourself.'
              : 'The email could not be sent: hand this link over yourself.'}{' '}
            It works once, until {formatAdminDateTime(invite.expiresAt)}.
          </Dialog.Description>
        </Dialog.Header>
        <Dialog.Body>
          <HStack
            gap="2"
            p="3"
            borderWidth="1px"
            borderColor="border.default"
            borderRadius="l2"
            bg="bg.muted"
          >
            <code
              data-testid="invite-url"
              className={css({ flex: '1', fontFamily: 'mono', textStyle: 'sm', wordBreak: 'break-all' })}
            >
              {invite.inviteUrl}
            </code>
            <IconButton
              aria-label="Copy invite link"
              variant="outline"
              size="sm"
              onClick={() => void navigator.clipboard?.writeText(invite.inviteUrl)}
            >
              <CopyIcon />
            </IconButton>
          </HStack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button onClick={onClose}>Done</Button>
        </Dialog.Footer>
        <Dialog.CloseButton />
      </Dialog.Portal>
    </Dialog.Root>
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
  const formRef = useRef<HTMLFormElement>(null);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState(user?.email ?? '');
  const [role, setRole] = useState<string>(user?.role ?? 'front_desk');
  const [active, setActive] = useState(user?.active ?? true);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(null);
    try {
      if (user) {
        // A user made without an email (the first admin, the seeded demo staff) can still have their
        // role or active flag changed: the email is sent only when there is one.
        await api.put(`${ADMIN_PATHS.users}/${user.id}`, { ...(email ? { email } : {}), role, active });
        toastSuccess('User updated');
        onSaved();
      } else {
        const res = await api.post<ApiEnvelope<StaffUserCreated>>(ADMIN_PATHS.users, {
          username,
          email,
          role,
        });
        toastSuccess('User created', `Invite sent to ${email}`);
        onSaved({ invite: res.data.invite, username });
      }
      onClose();
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={user ? `Edit ${user.username}` : 'Add Staff User'}
      description={
        user
          ? 'A deactivated user is signed out at once.'
          : 'They get a one-time link by email to choose their own password.'
      }
      submitLabel={user ? 'Save' : 'Create and Send Invite'}
      pending={pending}
      onSubmit={onSubmit}
      formRef={formRef}
      failure={failure}
    >
      {user ? null : (
        <Field.TextField
          label="Username"
          required
          autoComplete="off"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      )}
      <Field.TextField
        label="Email"
        type="email"
        required={!user || Boolean(user.email)}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <RoleSelect value={role} onChange={setRole} />
      {user ? (
        <Switch checked={active} onCheckedChange={(e) => setActive(e.checked)}>
          Active
        </Switch>
      ) : null}
    </FormDialog>
  );
}

function RequireTotpSwitch() {
  const { data, mutate } = useSWR<ApiEnvelope<StaffSettings>>(ADMIN_PATHS.staffSettings);
  const [pending, setPending] = useState(false);
  const on = data?.data.requireTotpForAdmins ?? false;
  return (
    <Switch
      checked={on}
      disabled={!data || pending}
      onCheckedChange={async (e) => {
        setPending(true);
        try {
          const res = await api.put<ApiEnvelope<StaffSettings>>(ADMIN_PATHS.staffSettings, {
            requireTotpForAdmins: e.checked,
          });
          await mutate(res, { revalidate: false });
          toastSuccess(e.checked ? 'Two-factor required for admins' : 'Two-factor optional for admins');
        } catch (error) {
          toastError(`Failed to update the setting: ${failureMessage(error)}`);
        } finally {
          setPending(false);
        }
      }}
    >
      Require two-factor authentication (TOTP) for admins
    </Switch>
  );
}

/** Dashboard tab 'Staff' (admin only): the staff accounts, their roles, invites and deactivation. */
export function StaffTab() {
  const { user: me } = useAuth();
  const { items, error, isLoading, mutate } = useAdminList<StaffUser>(ADMIN_PATHS.users);
  const [editing, setEditing] = useState<{ user: StaffUser | null } | null>(null);
  const [deleting, setDeleting] = useState<StaffUser | null>(null);
  const [invite, setInvite] = useState<{ invite: Invite; username: string } | null>(null);

  const resend = async (user: StaffUser) => {
    try {
      const res = await api.post<ApiEnvelope<Invite>>(`${ADMIN_PATHS.users}/${user.id}/invite`);
      setInvite({ invite: res.data, username: user.username });
    } catch (e) {
      toastError(`Failed to send the invite: ${failureMessage(e)}`);
    }
  };
  const remove = async (user: StaffUser) => {
    try {
      await api.delete(`${ADMIN_PATHS.users}/${user.id}`);
      toastSuccess('User deleted');
      await mutate();
    } catch (e) {
      toastError(`Failed to delete user: ${failureMessage(e)}`);
    }
  };

  return (
    <section aria-labelledby="staff-heading">
      <SectionHeader
        id="staff-heading"
        title="Staff"
        description="Who can sign in to the back-office, and what each role may do."
        action={<Button onClick={() => setEditing({ user: null })}>Add Staff User</Button>}
      />
      <Stack gap="4">
        <RequireTotpSwitch />
        <ListState isLoading={isLoading} error={error} isEmpty={!items?.length} empty="No staff users.">
          <Table.Root caption="Staff users">
            <Table.Head>
              <Table.Row>
                <Table.Header scope="col">Username</Table.Header>
                <Table.Header scope="col">Email</Table.Header>
                <Table.Header scope="col">Role</Table.Header>
                <Table.Header scope="col">Status</Table.Header>
                <Table.Header scope="col">Two-factor</Table.Header>
                <Table.Header scope="col">Last Login</Table.Header>
                <Table.Header scope="col" textAlign="right">
                  Actions
                </Table.Header>
              </Table.Row>
            </Table.Head>
            <Table.Body>
              {items?.map((u) => (
                <Table.Row key={u.id}>
                  <Table.Cell fontWeight="medium">{u.username}</Table.Cell>
                  <Table.Cell>{u.email ?? '-'}</Table.Cell>
                  <Table.Cell>{roleLabel(u.role)}</Table.Cell>
                  <Table.Cell>
                    {!u.active ? 'Deactivated' : u.passwordSet ? 'Active' : 'Invited (no password yet)'}
                  </Table.Cell>
                  <Table.Cell>{u.totpEnabled ? 'On' : 'Off'}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {u.lastLogin ? formatAdminDateTime(u.lastLogin) : 'Never'}
                  </Table.Cell>
                  <Table.Cell textAlign="right">
                    <Menu.Root
                      positioning={{ placement: 'bottom-end' }}
                      onSelect={(e) => {
                        if (e.value === 'edit') setEditing({ user: u });
                        else if (e.value === 'invite') void resend(u);
                        else setDeleting(u);
                      }}
                    >
                      <Menu.Trigger asChild>
                        <IconButton aria-label={`Actions for ${u.username}`} variant="ghost" size="sm">
                          <MoreHorizontalIcon />
                        </IconButton>
                      </Menu.Trigger>
                      <Menu.Portalled>
                        <Menu.Item value="edit">Edit</Menu.Item>
                        <Menu.Item value="invite" disabled={!u.active}>
                          {u.passwordSet ? 'Send password reset link' : 'Send invite again'}
                        </Menu.Item>
                        <Menu.Item value="delete" data-variant="danger" disabled={u.id === me?.id}>
                          Delete
                        </Menu.Item>
                      </Menu.Portalled>
                    </Menu.Root>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </ListState>
      </Stack>
      {editing ? (
        <UserDialog
          key={editing.user?.id ?? 'new'}
          user={editing.user}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            void mutate();
            if (created) setInvite(created);
          }}
        />
      ) : null}
      {invite ? <InviteDialog {...invite} onClose={() => setInvite(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Staff User"
        description={`Are you sure you want to delete "${deleting?.username ?? ''}"? They are signed out at once; the history keeps their name.`}
        onConfirm={() => (deleting ? remove(deleting) : Promise.resolve())}
      />
    </section>
  );
}
