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
 * The same for a group of radios or checkboxes: once, the values checked on the page (inside the returned ref's
 * element) are reported through `onChange` when they are not the state's `current` ones.
 */
export function useEarlyChoices(
  current: readonly string[],
  onChange: (checked: string[]) => void,
): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const shown = [...(ref.current?.querySelectorAll<HTMLInputElement>('input:checked') ?? [])].map((i) => i.value);
    const same = shown.length === current.length && shown.every((value) => current.includes(value));
    if (!same) onChange(shown);
  }, []); // once: later choices come through onChange
  return ref;
}
