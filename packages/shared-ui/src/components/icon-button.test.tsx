import { screen } from '@testing-library/react';
import { renderWithProviders } from '../testing';
import { IconButton } from './icon-button';
import { EditIcon, TrashIcon } from './icons';

describe('IconButton', () => {
  it('is named by its label and shows it as a tooltip', async () => {
    const onClick = jest.fn();
    const { user } = renderWithProviders(
      <IconButton label="Edit" icon={<EditIcon />} onClick={onClick} />,
    );
    const button = screen.getByRole('button', { name: 'Edit' });
    expect(screen.getByTitle('Edit')).toContainElement(button);
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled and greyed but still explains itself with its tooltip', async () => {
    const onClick = jest.fn();
    const { user } = renderWithProviders(
      <IconButton
        label="Hanya manager yang dapat menghapus data"
        icon={<TrashIcon />}
        tone="red"
        disabled
        onClick={onClick}
      />,
    );
    const button = screen.getByRole('button', { name: 'Hanya manager yang dapat menghapus data' });
    expect(button).toBeDisabled();
    const tooltip = screen.getByTitle('Hanya manager yang dapat menghapus data');
    expect(tooltip).toContainElement(button);
    // The pointer lands on the tooltip wrapper: the disabled button takes no pointer events.
    await user.click(tooltip);
    expect(onClick).not.toHaveBeenCalled();
  });
});
