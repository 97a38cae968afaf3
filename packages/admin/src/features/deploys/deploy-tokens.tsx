import { DEPLOY_TARGETS, errorMessage } from '@gudang/api-client';
import type { DeployTarget, RemoteToken, RemoteTokenCreated } from '@gudang/api-client';
import {
  Button,
  Card,
  FormModal,
  Modal,
  MutedText,
  PlusIcon,
  SelectField,
  Table,
  TextField,
  confirmAction,
  formatDateTime,
  tableState,
  useToast,
} from '@gudang/shared-ui';
import type { TableColumn } from '@gudang/shared-ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  useCreateRemoteTokenMutation,
  useDeleteRemoteTokenMutation,
  useGetRemoteTokensQuery,
} from './deploys-api';
import { DEPLOYS_TEXTS } from './deploys-texts';

const Head = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.spacing.sm};
`;

const TARGET_OPTIONS = DEPLOY_TARGETS.map((target) => ({
  value: target,
  label: DEPLOYS_TEXTS.targets[target],
}));

const isTarget = (value: string): value is DeployTarget =>
  (DEPLOY_TARGETS as readonly string[]).includes(value);

const targetLabel = (remote: string) => (isTarget(remote) ? DEPLOYS_TEXTS.targets[remote] : remote);

interface TokenFormProps {
  saving: boolean;
  onClose: () => void;
  onSubmit: (values: { name: string; remote: DeployTarget }) => void;
}

function TokenFormModal({ saving, onClose, onSubmit }: TokenFormProps) {
  const [name, setName] = useState('');
  const [remote, setRemote] = useState<DeployTarget>('inventory');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(DEPLOYS_TEXTS.required(DEPLOYS_TEXTS.tokenName));
      return;
    }
    onSubmit({ name: name.trim(), remote });
  };
  return (
    <FormModal
      title={DEPLOYS_TEXTS.createToken}
      onClose={onClose}
      onSubmit={submit}
      saving={saving}
      dirty={name !== ''}
    >
      <TextField
        label={DEPLOYS_TEXTS.tokenName}
        required
        autoFocus
        maxLength={100}
        value={name}
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField
        label={DEPLOYS_TEXTS.tokenRemote}
        required
        options={TARGET_OPTIONS}
        value={remote}
        onChange={(event) => {
          if (isTarget(event.target.value)) setRemote(event.target.value);
        }}
      />
    </FormModal>
  );
}

const TokenValue = styled.input`
  width: 100%;
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  padding: ${({ theme }) => theme.spacing.sm};
`;

/** The deploy tokens: made here (the value shown once), listed without it, revoked. */
export function DeployTokens() {
  const toast = useToast();
  const list = useGetRemoteTokensQuery();
  const [createToken, created] = useCreateRemoteTokenMutation();
  const [deleteToken, deleted] = useDeleteRemoteTokenMutation();
  const [dialog, setDialog] = useState<'none' | 'create'>('none');
  const [shown, setShown] = useState<RemoteTokenCreated | null>(null);

  const create = async (values: { name: string; remote: DeployTarget }) => {
    try {
      const answer = await createToken(values).unwrap();
      setDialog('none');
      setShown(answer);
    } catch (error) {
      toast.error(errorMessage(error, DEPLOYS_TEXTS.failed));
    }
  };

  const revoke = async (token: RemoteToken) => {
    if (!confirmAction(DEPLOYS_TEXTS.confirmRevoke(token.name))) return;
    try {
      toast.success((await deleteToken(token.id).unwrap()).message);
    } catch (error) {
      toast.error(errorMessage(error, DEPLOYS_TEXTS.failed));
    }
  };

  const columns: TableColumn<RemoteToken>[] = [
    { key: 'name', header: DEPLOYS_TEXTS.tokenName },
    { key: 'remote', header: DEPLOYS_TEXTS.tokenRemote, render: (row) => targetLabel(row.remote) },
    { key: 'created_by', header: DEPLOYS_TEXTS.createdBy },
    {
      key: 'created_at',
      header: DEPLOYS_TEXTS.createdAt,
      nowrap: true,
      render: (row) => formatDateTime(row.created_at),
    },
    {
      key: 'last_used_at',
      header: DEPLOYS_TEXTS.lastUsed,
      nowrap: true,
      render: (row) =>
        row.last_used_at === null ? DEPLOYS_TEXTS.never : formatDateTime(row.last_used_at),
    },
    {
      key: 'actions',
      header: DEPLOYS_TEXTS.actions,
      nowrap: true,
      render: (row) => (
        <Button
          size="sm"
          variant="red"
          aria-label={`${DEPLOYS_TEXTS.revoke} ${row.name}`}
          disabled={deleted.isLoading}
          onClick={() => void revoke(row)}
        >
          {DEPLOYS_TEXTS.revoke}
        </Button>
      ),
    },
  ];

  return (
    <Card title={DEPLOYS_TEXTS.tokensTitle}>
      <MutedText $below="md">{DEPLOYS_TEXTS.tokensHint}</MutedText>
      <Head>
        <Button icon={<PlusIcon />} onClick={() => setDialog('create')}>
          {DEPLOYS_TEXTS.createToken}
        </Button>
      </Head>
      <Table
        columns={columns}
        rows={list.data?.data ?? []}
        rowKey="id"
        emptyText={DEPLOYS_TEXTS.noTokens}
        {...tableState(list)}
        label={DEPLOYS_TEXTS.tokensLabel}
      />
      {dialog === 'create' ? (
        <TokenFormModal
          saving={created.isLoading}
          onClose={() => setDialog('none')}
          onSubmit={(values) => void create(values)}
        />
      ) : null}
      <Modal
        open={shown !== null}
        title={DEPLOYS_TEXTS.tokenShownTitle}
        onClose={() => setShown(null)}
        closeOnBackdrop={false}
        footer={<Button onClick={() => setShown(null)}>{DEPLOYS_TEXTS.close}</Button>}
      >
        <MutedText $below="md">{DEPLOYS_TEXTS.tokenShownHint}</MutedText>
        <label>
          {DEPLOYS_TEXTS.tokenValue(shown ? targetLabel(shown.remote) : '')}
          <TokenValue
            readOnly
            value={shown?.token ?? ''}
            onFocus={(event) => event.target.select()}
          />
        </label>
      </Modal>
    </Card>
  );
}
