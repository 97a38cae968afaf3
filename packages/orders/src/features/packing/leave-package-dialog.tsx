import type { PackingLine } from '@gudang/api-client';
import { Button, Modal } from '@gudang/shared-ui';
import styled from 'styled-components';
import { PACKING_TEXTS } from './packing-texts';

export interface LeavePackageDialogProps {
  /** The open package's resi and lines, and how many of each were scanned (by line). */
  resi: string;
  lines: readonly PackingLine[];
  scanned: (line: PackingLine) => number;
  /** The resi that was scanned next; null when Tutup was pressed. */
  nextResi: string | null;
  onStay: () => void;
  onLeave: () => void;
  /** Send the (complete) package, offered when Tutup is pressed on it. */
  onSend: () => void;
}

const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.spacing.sm};
  overflow-wrap: anywhere;
`;

const Missing = styled.ul`
  margin: 0 0 ${({ theme }) => theme.spacing.md};
  padding-left: ${({ theme }) => theme.spacing.xl};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.redText};
  overflow-wrap: anywhere;
`;

// Three buttons do not fit one row of a phone: they wrap, the safe one last on the row's end.
const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing.sm};
  width: 100%;
`;

/**
 * Asked before an unsent package is left: what is still missing when it is incomplete, or that
 * a complete one would not be recorded. 'Tetap di paket ini' takes the focus, so that a scanner's
 * Enter (a scan into the dialog) keeps the package instead of throwing its scans away.
 */
export function LeavePackageDialog({
  resi,
  lines,
  scanned,
  nextResi,
  onStay,
  onLeave,
  onSend,
}: LeavePackageDialogProps) {
  const missing = lines
    .map((line) => ({ line, missing: line.quantity - scanned(line) }))
    .filter((item) => item.missing > 0);
  const complete = missing.length === 0;
  const done = lines.reduce((sum, line) => sum + scanned(line), 0);
  return (
    <Modal
      open
      size="md"
      title={complete ? PACKING_TEXTS.leaveCompleteTitle : PACKING_TEXTS.leaveIncompleteTitle}
      onClose={onStay}
      closeOnBackdrop={false}
      footer={
        <Buttons>
          {complete ? (
            <>
              <Button type="button" variant="red" onClick={onLeave}>
                {PACKING_TEXTS.closeWithoutSending}
              </Button>
              <Button type="button" variant="green" onClick={onSend}>
                {PACKING_TEXTS.sendPackage}
              </Button>
            </>
          ) : (
            <Button type="button" variant="red" onClick={onLeave}>
              {nextResi === null ? PACKING_TEXTS.closeIncomplete : PACKING_TEXTS.openNext(nextResi)}
            </Button>
          )}
          <Button type="button" autoFocus onClick={onStay}>
            {PACKING_TEXTS.stay}
          </Button>
        </Buttons>
      }
    >
      {complete ? (
        <Text>{PACKING_TEXTS.completeNotSent(resi)}</Text>
      ) : (
        <>
          <Text>{PACKING_TEXTS.missingIntro(resi)}</Text>
          <Missing>
            {missing.map(({ line, missing: count }) => (
              <li key={line.product_code}>
                {PACKING_TEXTS.missingLine(line.product_name, line.product_code, count)}
              </li>
            ))}
          </Missing>
          {done > 0 ? <Text>{PACKING_TEXTS.scansDropped(done)}</Text> : null}
        </>
      )}
    </Modal>
  );
}
