import { render, screen } from '@testing-library/react';
import { Unbroken, WholeWords } from './keep-whole';

describe('keep-whole', () => {
  it('keeps a value on one line, not broken at a hyphen or a space', () => {
    render(
      <table>
        <tbody>
          <tr>
            <td style={{ overflowWrap: 'anywhere' }}>
              <Unbroken>Rp 19.000,00</Unbroken>
            </td>
          </tr>
        </tbody>
      </table>,
    );
    expect(screen.getByText('Rp 19.000,00')).toHaveStyle({
      whiteSpace: 'nowrap',
      overflowWrap: 'normal',
    });
  });

  it('lets words wrap between them, inside one only when it alone is wider than the line', () => {
    render(<WholeWords>Suarakita Audio</WholeWords>);
    const words = screen.getByText('Suarakita Audio');
    expect(words).toHaveStyle({ overflowWrap: 'break-word', wordBreak: 'normal' });
    expect(words).not.toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
