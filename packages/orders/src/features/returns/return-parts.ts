import styled from 'styled-components';

// The parts of Retur's package forms: the one opened from its Barang Keluar records (return-form)
// and the one scanned offline (offline-return).

export const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
  padding: ${({ theme }) => theme.spacing.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.borderLight};
  background: ${({ theme }) => theme.colors.surface};
  h3 {
    margin: 0;
  }
`;

export const Fields = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 11rem;
  gap: ${({ theme }) => theme.spacing.md};
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const SaveForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing.md};
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.spacing.sm};
`;

export const Problem = styled.p`
  margin: 0;
  font-weight: 600;
  /* A scanned code in the message (a long resi) breaks rather than widening a phone's page. */
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.red};
`;
