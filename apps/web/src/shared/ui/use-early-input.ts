import { useEffect, useRef, type ChangeEvent, type RefObject } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * What a customer typed, ticked or picked on the server's markup before the page's code arrived is kept on the page
 * when React hydrates it, but never reached the state, and the next render would put the state's value back over it.
 * Once, on the first render the browser makes, a controlled field whose page value differs from its `value` (or
 * `checked`) reports it through its own `onChange`, as the browser would have. A page rendered in the browser starts
 * equal, so nothing happens there.
 */
export function useEarlyInput<E extends Control>(props: {
  value?: unknown;
  checked?: boolean | undefined;
  onChange?: ((event: ChangeEvent<E>) => void) | undefined;
}): RefObject<E | null> {
  const ref = useRef<E>(null);
  useEffect(() => {
    const control = ref.current;
    if (!control || !props.onChange) return;
    const differs =
      control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
        ? props.checked !== undefined && control.checked !== props.checked
        : typeof props.value === 'string' || typeof props.value === 'number'
          ? control.value !== String(props.value)
          : false;
    if (differs) props.onChange({ target: control, currentTarget: control } as ChangeEvent<E>);
  }, []); // once: later changes come through the field's own events
  return ref;
}

/**
 * The same for a group of radios or checkboxes: once, when a radio or box inside the returned ref's element is checked
 * on the page but not in `current` (or the reverse), `onChange` gets `current` with the page's choices among those
 * inputs in place of the state's, and the values checked on the page. Values of `current` that have no input here (a
 * filter whose options are not listed yet) are kept as they are.
 */
export function useEarlyChoices(
  current: readonly string[],
  onChange: (values: string[], checkedOnPage: string[]) => void,
): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const inputs = [...(ref.current?.querySelectorAll<HTMLInputElement>('input') ?? [])];
    if (!inputs.some((input) => input.checked !== current.includes(input.value))) return;
    const checkedOnPage = inputs.filter((input) => input.checked).map((input) => input.value);
    const notHere = current.filter((value) => !inputs.some((input) => input.value === value));
    onChange([...notHere, ...checkedOnPage], checkedOnPage);
  }, []); // once: later choices come through onChange
  return ref;
}
