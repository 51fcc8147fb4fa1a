import { useMemo, useState } from 'react';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { Alert, Combobox, foldText, type ComboboxOption } from '../../../../shared/ui';
import { useCannedResponses, useRenderCanned, type CannedRenderRequest } from '../api/canned-responses';
import { insertText } from '../lib/insert-text';

const SHOWN = 50;

/**
 * Searchable canned response picker (the shared accessible combobox): type to search title, group and text, choose
 * with the arrow keys and Enter; the chosen one is filled (`fill`: an order item's id and/or values) and put into the
 * textarea `targetId` at its caret, on a line of its own, through `onChange` (the box's state stays its owner's).
 * Missing values stay visible as {{name}} and are announced.
 */
export function CannedPicker({
  id,
  targetId,
  value,
  onChange,
  fill = {},
}: {
  id: string;
  targetId: string;
  value: string;
  onChange: (next: string) => void;
  fill?: CannedRenderRequest;
}) {
  const t = useT();
  const list = useCannedResponses('mine');
  const render = useRenderCanned();
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<ComboboxOption | null>(null);
  const [notice, setNotice] = useState('');

  const matches = useMemo(() => {
    const q = foldText(text);
    const items = list.data?.items ?? [];
    return q ? items.filter((c) => foldText(`${c.group} ${c.title} ${c.body}`).includes(q)) : items;
  }, [list.data, text]);
  const options: ComboboxOption[] = matches.slice(0, SHOWN).map((c) => ({
    value: String(c.id),
    label: c.title,
    description: c.group || undefined,
  }));

  function choose(option: ComboboxOption | null) {
    setSelected(option);
    if (!option) return;
    render.mutate(
      { id: Number(option.value), request: fill },
      {
        onSuccess: (filled) => {
          const box = document.getElementById(targetId) as HTMLTextAreaElement | null;
          const next = insertText(value, filled.text, box?.selectionStart, box?.selectionEnd);
          onChange(next.value);
          setNotice(
            filled.missing_message
              ? `${t('canned.inserted', { title: filled.title })} ${filled.missing_message}`
              : t('canned.inserted', { title: filled.title }),
          );
          setText('');
          setSelected(null);
          // The agent goes on writing after the inserted text.
          requestAnimationFrame(() => {
            box?.focus();
            box?.setSelectionRange(next.caret, next.caret);
          });
        },
      },
    );
  }

  return (
    <div className="canned-picker">
      <Combobox
        id={id}
        label={t('canned.pickerLabel')}
        hint={t('canned.pickerHint')}
        optional
        selected={selected}
        text={text}
        onTextChange={setText}
        onSelect={choose}
        options={options}
        loading={list.isPending || render.isPending}
        more={matches.length > SHOWN}
      />
      {list.isError ? <Alert>{errorText(list.error, t)}</Alert> : null}
      {render.isError ? <Alert>{errorText(render.error, t)}</Alert> : null}
      <p role="status" className="secondary-text">
        {notice}
      </p>
    </div>
  );
}
