import { USER_MESSAGES, errorMessage, selectCurrentUser, useAppSelector } from '@gudang/api-client';
import type { UserAccount } from '@gudang/api-client';
import {
  Badge,
  Button,
  Page,
  PageHeader,
  PlusIcon,
  Table,
  confirmAction,
  tableState,
  useToast,
} from '@gudang/shared-ui';
import type { ButtonVariant, TableColumn } from '@gudang/shared-ui';
import { useState } from 'react';
import styled from 'styled-components';
import { ResetPasswordModal, UserFormModal, type UserFormValues } from './user-form-modal';
import {
  useCreateUserMutation,
  useGetUsersQuery,
  useResetUserPasswordMutation,
  useUpdateUserMutation,
} from './users-api';
import { USERS_TEXTS } from './users-texts';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.xs};
`;

interface RowAction {
  label: string;
  variant: ButtonVariant;
  disabled?: boolean;
  onClick: () => void;
}

type Dialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; account: UserAccount }
  | { kind: 'reset'; account: UserAccount };

/** Pengguna (issue 42): the manager's list of the shop's accounts and what may be done to each. */
export function UsersPage() {
  const me = useAppSelector(selectCurrentUser);
  const toast = useToast();
  const list = useGetUsersQuery();
  const [createUser, created] = useCreateUserMutation();
  const [updateUser, updated] = useUpdateUserMutation();
  const [resetPassword, reset] = useResetUserPasswordMutation();
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  const close = () => setDialog({ kind: 'none' });

  // The email the server refused as taken, shown beside Email while it is still typed there.
  const [takenEmail, setTakenEmail] = useState<string | null>(null);

  /** Runs a change; toasts the server's answer; null when it was saved, else the refusal. */
  const run = async (change: () => { unwrap(): Promise<{ message: string }> }) => {
    try {
      const answer = await change().unwrap();
      toast.success(answer.message);
      return null;
    } catch (error) {
      const message = errorMessage(error, USERS_TEXTS.failed);
      toast.error(message);
      return message;
    }
  };

  const save = async (values: UserFormValues) => {
    const refusal =
      dialog.kind === 'edit'
        ? await run(() =>
            updateUser({
              id: dialog.account.id,
              body: { name: values.name.trim(), role: values.role },
            }),
          )
        : await run(() =>
            createUser({
              name: values.name.trim(),
              email: values.email.trim(),
              role: values.role,
              password: values.password,
            }),
          );
    if (refusal === null) close();
    else setTakenEmail(refusal === USER_MESSAGES.emailTaken ? values.email : null);
  };

  const setActive = async (account: UserAccount, active: boolean) => {
    const question = active
      ? USERS_TEXTS.confirmReactivate(account.name)
      : USERS_TEXTS.confirmDeactivate(account.name);
    if (!confirmAction(question)) return;
    await run(() => updateUser({ id: account.id, body: { active } }));
  };

  /** A row's buttons. */
  const rowActions = (row: UserAccount): RowAction[] => {
    const actions: RowAction[] = [
      {
        label: USERS_TEXTS.edit,
        variant: 'ghost',
        onClick: () => setDialog({ kind: 'edit', account: row }),
      },
      {
        label: USERS_TEXTS.reset,
        variant: 'ghost',
        onClick: () => setDialog({ kind: 'reset', account: row }),
      },
    ];
    // Nobody deactivates their own account.
    if (!row.active || row.id !== me?.id) {
      actions.push({
        label: row.active ? USERS_TEXTS.deactivate : USERS_TEXTS.reactivate,
        variant: row.active ? 'red' : 'green',
        disabled: updated.isLoading,
        onClick: () => void setActive(row, !row.active),
      });
    }
    return actions;
  };

  const columns: TableColumn<UserAccount>[] = [
    {
      key: 'name',
      header: USERS_TEXTS.name,
      render: (row) => (row.id === me?.id ? `${row.name} ${USERS_TEXTS.you}` : row.name),
    },
    { key: 'email', header: USERS_TEXTS.email },
    {
      key: 'role',
      header: USERS_TEXTS.role,
      nowrap: true,
      render: (row) => (
        <Badge tone={row.role === 'manager' ? 'blue' : 'grey'}>{USERS_TEXTS.roles[row.role]}</Badge>
      ),
    },
    {
      key: 'active',
      header: USERS_TEXTS.status,
      nowrap: true,
      render: (row) =>
        row.active ? (
          <Badge tone="green">{USERS_TEXTS.active}</Badge>
        ) : (
          <Badge tone="red">{USERS_TEXTS.inactive}</Badge>
        ),
    },
    {
      key: 'actions',
      header: USERS_TEXTS.actions,
      render: (row) => (
        <Actions>
          {rowActions(row).map((action) => (
            <Button
              key={action.label}
              size="sm"
              variant={action.variant}
              aria-label={`${action.label} ${row.name}`}
              disabled={action.disabled}
              onClick={action.onClick}
            >
              {action.label}
            </Button>
          ))}
        </Actions>
      ),
    },
  ];

  return (
    <Page>
      <PageHeader
        title={USERS_TEXTS.title}
        subtitle={USERS_TEXTS.subtitle}
        actions={
          <Button icon={<PlusIcon />} onClick={() => setDialog({ kind: 'add' })}>
            {USERS_TEXTS.add}
          </Button>
        }
      />
      <Table
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey="id"
        emptyText={USERS_TEXTS.empty}
        {...tableState(list)}
        label={USERS_TEXTS.label}
      />
      {dialog.kind === 'add' || dialog.kind === 'edit' ? (
        <UserFormModal
          account={dialog.kind === 'edit' ? dialog.account : null}
          saving={created.isLoading || updated.isLoading}
          takenEmail={takenEmail}
          onClose={() => {
            setTakenEmail(null);
            close();
          }}
          onSubmit={(values) => void save(values)}
        />
      ) : null}
      {dialog.kind === 'reset' ? (
        <ResetPasswordModal
          account={dialog.account}
          saving={reset.isLoading}
          onClose={close}
          onSubmit={(password) => {
            void run(() => resetPassword({ id: dialog.account.id, body: { password } })).then(
              (refusal) => {
                if (refusal === null) close();
              },
            );
          }}
        />
      ) : null}
    </Page>
  );
}
