import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type UseOtpCodeOptions, type UseOtpCodeReturn, useOtpCode } from './useOtpCode';

let latest: UseOtpCodeReturn;

function CodeBoxes(props: UseOtpCodeOptions) {
  const code = useOtpCode(props);
  latest = code;
  return (
    <fieldset>
      <legend>Enter passcode</legend>
      {code.digits.map((_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, they never reorder
        <input key={index} {...code.getInputProps(index)} />
      ))}
      <button type="button" onClick={code.clear}>
        Clear
      </button>
    </fieldset>
  );
}

const box = (index: number) => screen.getByLabelText<HTMLInputElement>(`Digit ${index + 1} of 6`);
const shown = () => Array.from({ length: 6 }, (_, index) => box(index).value).join('');

function renderBoxes(options: UseOtpCodeOptions = {}) {
  const onComplete = vi.fn();
  const user = userEvent.setup();
  render(<CodeBoxes onComplete={onComplete} {...options} />);
  return { onComplete, user };
}

describe('useOtpCode', () => {
  it('renders six numeric boxes, the first one offering SMS autofill', () => {
    renderBoxes();
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
    expect(box(0).getAttribute('autocomplete')).toBe('one-time-code');
    for (const index of [1, 2, 3, 4, 5]) expect(box(index).getAttribute('autocomplete')).toBe('off');
    expect(box(3).getAttribute('inputmode')).toBe('numeric');
  });

  it('moves to the next box after each digit and submits once at six digits', async () => {
    const { onComplete, user } = renderBoxes();
    await user.click(box(0));
    await user.keyboard('12345');
    expect(shown()).toBe('12345');
    expect(document.activeElement).toBe(box(5));
    expect(onComplete).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(shown()).toBe('123456');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
    // The same code again (a second paste, a repeated key) does not submit it twice.
    await user.keyboard('6');
    await user.paste('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
  });

  it('ignores letters and symbols', async () => {
    const { user } = renderBoxes();
    await user.click(box(0));
    await user.keyboard('a1-b2 ');
    expect(shown()).toBe('12');
    expect(latest.value).toBe('12');
    expect(document.activeElement).toBe(box(2));
  });

  it("fills every box from a pasted '12 34-56' and submits it", async () => {
    const { onComplete, user } = renderBoxes();
    await user.click(box(0));
    await user.paste('12 34-56');
    expect(shown()).toBe('123456');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('123456');
    expect(document.activeElement).toBe(box(5));
  });

  it('fills every box when SMS autofill puts the whole code into the first box', () => {
    const { onComplete } = renderBoxes();
    fireEvent.change(box(0), { target: { value: '654321' } });
    expect(shown()).toBe('654321');
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('654321');
  });

  it('Backspace on an empty box goes back and clears the previous digit', async () => {
    const { user } = renderBoxes();
    await user.click(box(0));
    await user.keyboard('123');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{Backspace}');
    expect(shown()).toBe('12');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('{Backspace}{Backspace}');
    expect(shown()).toBe('');
    expect(document.activeElement).toBe(box(0));
  });

  it('corrects a completed code and submits the corrected one, once', async () => {
    const { onComplete, user } = renderBoxes();
    await user.click(box(0));
    await user.paste('123456');
    await user.keyboard('{Backspace}');
    expect(shown()).toBe('12345');
    await user.keyboard('7');
    expect(shown()).toBe('123457');
    expect(onComplete.mock.calls).toEqual([['123456'], ['123457']]);
  });

  it('arrow keys move between boxes and a typed digit replaces the one there', async () => {
    const { user } = renderBoxes();
    await user.click(box(0));
    await user.keyboard('1234');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(box(3));
    await user.keyboard('{ArrowLeft}9');
    expect(shown()).toBe('1294');
    expect(document.activeElement).toBe(box(3));
  });

  it('a click on an empty box past the code lands on the first empty box', async () => {
    const { user } = renderBoxes();
    await user.click(box(0));
    await user.keyboard('12');
    await user.click(box(5));
    expect(document.activeElement).toBe(box(2));
    await user.keyboard('3');
    expect(shown()).toBe('123');
  });

  it('clear() empties the boxes and focuses the first; the same code then submits again', async () => {
    const { onComplete, user } = renderBoxes();
    await user.click(box(0));
    await user.paste('123456');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(shown()).toBe('');
    expect(document.activeElement).toBe(box(0));
    await user.paste('123456');
    expect(onComplete).toHaveBeenCalledTimes(2);
  });

  it('setValue keeps digits only, at most six', () => {
    const { onComplete } = renderBoxes();
    act(() => latest.setValue('code: 98-76-54-32'));
    expect(latest.value).toBe('987654');
    expect(latest.isComplete).toBe(true);
    expect(latest.digits).toEqual(['9', '8', '7', '6', '5', '4']);
    expect(onComplete).toHaveBeenCalledExactlyOnceWith('987654');
  });

  it('takes the box labels from the caller', () => {
    renderBoxes({ getAriaLabel: (index, length) => `Chiffre ${index + 1} sur ${length}` });
    expect(screen.getByLabelText('Chiffre 6 sur 6')).toBeTruthy();
  });
});
