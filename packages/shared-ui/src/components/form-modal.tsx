import { useId } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { Button } from './button';
import { Modal, ModalCancelButton } from './modal';
import type { ModalProps } from './modal';

/** Texts of a form dialog's buttons. */
export const FORM_MODAL_TEXTS = { save: 'Simpan', saving: 'Menyimpan...' } as const;

export interface FormModalProps extends Omit<ModalProps, 'open' | 'footer'> {
  /** Default true: the dialog is mounted fresh for each opening. */
  open?: boolean;
  /** Called on Simpan or Enter; the browser's own validation is off (noValidate). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** While saving: Simpan reads 'Menyimpan...' and is disabled, and closing does not ask. */
  saving: boolean;
  /** Simpan disabled for another reason (a field's check refuses it). */
  submitDisabled?: boolean;
  /** Before Batal, for example a hint about the form. */
  footerStart?: ReactNode;
  children: ReactNode;
}

/**
 * A dialog holding one form: the form's fields, then Batal and Simpan ('Menyimpan...' while
 * saving) in the footer, tied to the form by its id so that Enter and Simpan both submit it.
 */
export function FormModal({
  open = true,
  onSubmit,
  saving,
  submitDisabled = false,
  footerStart,
  dirty = false,
  children,
  ...modal
}: FormModalProps) {
  const formId = useId();
  return (
    <Modal
      {...modal}
      open={open}
      dirty={dirty && !saving}
      footer={
        <>
          {footerStart}
          <ModalCancelButton />
          <Button
            type="submit"
            form={formId}
            busy={saving}
            busyText={FORM_MODAL_TEXTS.saving}
            disabled={submitDisabled}
          >
            {FORM_MODAL_TEXTS.save}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        {children}
      </form>
    </Modal>
  );
}
