import { MESSAGES, isManager, selectCurrentUser, useAppSelector } from '@gudang/api-client';
import { IconButton } from './icon-button';
import { EditIcon, TrashIcon } from './icons';
import type { TableColumn } from './table';
import { useToast } from './toast';
import styled from 'styled-components';

const Row = styled.div`
  display: inline-flex;
  gap: ${({ theme }) => theme.spacing.xs};
`;

export interface RecordActionsProps {
  onEdit: () => void;
  onDelete: () => void;
}

/**
 * Edit and delete of one row. Only managers may use them (docs/product.md point 6): for anyone else they
 * are disabled and greyed with the reason as tooltip, and a click that gets through anyway only
 * shows that reason.
 */
export function RecordActions({ onEdit, onDelete }: RecordActionsProps) {
  const manager = isManager(useAppSelector(selectCurrentUser));
  const toast = useToast();
  const guard = (action: () => void, refusal: string) => () => {
    if (manager) action();
    else toast.error(refusal);
  };
  return (
    <Row>
      <IconButton
        label={manager ? 'Edit' : MESSAGES.managerOnlyEdit}
        icon={<EditIcon />}
        tone="primary"
        disabled={!manager}
        onClick={guard(onEdit, MESSAGES.managerOnlyEdit)}
      />
      <IconButton
        label={manager ? 'Hapus' : MESSAGES.managerOnlyDelete}
        icon={<TrashIcon />}
        tone="red"
        disabled={!manager}
        onClick={guard(onDelete, MESSAGES.managerOnlyDelete)}
      />
    </Row>
  );
}

/** The 'Aksi' column of a list whose rows a manager edits and deletes (RecordActions). */
export function recordActionsColumn<T>(
  onEdit: (row: T) => void,
  onDelete: (row: T) => void,
): TableColumn<T> {
  return {
    key: 'actions',
    header: 'Aksi',
    nowrap: true,
    render: (row) => <RecordActions onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />,
  };
}
