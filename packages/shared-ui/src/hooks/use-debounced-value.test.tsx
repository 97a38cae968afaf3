import { act, render, screen } from '@testing-library/react';
import { useDebouncedValue } from './use-debounced-value';

function Show({ value }: { value: string }) {
  return <p>{useDebouncedValue(value, 300)}</p>;
}

describe('useDebouncedValue', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('follows the value once it has been still for the delay', () => {
    const { rerender } = render(<Show value="a" />);
    expect(screen.getByRole('paragraph')).toHaveTextContent('a');
    rerender(<Show value="ab" />);
    act(() => jest.advanceTimersByTime(200));
    rerender(<Show value="abc" />);
    act(() => jest.advanceTimersByTime(200));
    expect(screen.getByRole('paragraph')).toHaveTextContent(/^a$/);
    act(() => jest.advanceTimersByTime(100));
    expect(screen.getByRole('paragraph')).toHaveTextContent(/^abc$/);
  });
});
