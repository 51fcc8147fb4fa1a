import { useEffect, useMemo, useRef, useState } from 'react';
import { ptDistrictOf } from '@ventanilla/domain';
import { useFormat, useT } from '../../../shared/i18n';
import type { ProductOption } from '../../../shared/lib/api-contract';
import { isPositive } from '../../../shared/lib/money';
import { Combobox, foldText, type ComboboxOption } from '../../../shared/ui';
import { usePlace, usePlaceSearch, type RemotePlaceKind } from '../api/get-places';
import { fieldLabelling, type QuestionProps } from './question-props';

const SEARCH_DELAY_MS = 250;

/** Which picker an option is: a searched place list, a province/district list of its own values, or neither. */
export function placeKindOf(
  option: Pick<ProductOption, 'type' | 'place' | 'opt_values'>,
): RemotePlaceKind | 'values' | null {
  const pt = option.place?.country === 'PT';
  if (option.type === 'freguesia') return 'pt_parish';
  if (option.type === 'municipio' || option.type === 'municipio_ce') return pt ? 'pt_municipality' : 'es_municipality';
  if (option.type === 'drop_down' && option.place && option.opt_values.some((v) => v.code)) return 'values';
  return null;
}

/** The code the parent question's answer stands for: the chosen value's code, or the place code itself. */
function parentCode(parent: ProductOption | undefined, answer: string | undefined): string | null {
  if (!parent || !answer) return null;
  if (placeKindOf(parent) === 'values') return parent.opt_values.find((v) => String(v.id) === answer)?.code ?? null;
  return answer;
}

/** Whether a place code still lies in the parent place (a new province drops a municipality of the old one). */
function within(kind: RemotePlaceKind, code: string, parent: string): boolean {
  if (kind === 'es_municipality') return code.slice(0, 2) === parent;
  if (kind === 'pt_municipality') return ptDistrictOf(code) === parent;
  return parent.length === 2 ? ptDistrictOf(code.slice(0, 4)) === parent : code.slice(0, 4) === parent;
}

/** The words of a label start with the typed words, accents and case ignored ("coru" finds "A Coruña"). */
function matchesWords(label: string, text: string): boolean {
  const words = foldText(label).split(/[^a-z0-9]+/);
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .every((token) => words.some((w) => w.startsWith(token)));
}

interface PlaceFieldProps extends QuestionProps {
  /** The product's questions (to find the parent question). */
  options: ProductOption[];
  /** Every current answer (the parent's among them). */
  answers: Readonly<Record<string, string | undefined>>;
}

/**
 * A place question as a searchable combobox: municipalities, concelhos and freguesias searched on the server as the
 * user types (within the province, district or concelho chosen in the parent question), provinces and districts
 * filtered from the question's own values. The answer is the code (or the value id); the input shows the name.
 */
export function PlaceField(props: PlaceFieldProps) {
  const kind = placeKindOf(props.option);
  if (kind === 'values') return <ValuesPicker {...props} />;
  if (kind === null) return null;
  return <RemotePlacePicker {...props} kind={kind} />;
}

function ValuesPicker(props: PlaceFieldProps) {
  const { option, value, onChange } = props;
  const format = useFormat();
  const all = useMemo<ComboboxOption[]>(
    () =>
      option.opt_values.map((v) => ({
        value: String(v.id),
        label: v.name,
        description: isPositive(v.price) ? `+${format.money(v.price)}` : undefined,
      })),
    [option.opt_values, format],
  );
  const selected = all.find((o) => o.value === value) ?? null;
  const [text, setText] = useState(selected?.label ?? '');
  useEffect(() => {
    if (selected) setText(selected.label);
  }, [selected]);
  const shown = selected && text === selected.label ? all : all.filter((o) => matchesWords(o.label, text));
  return (
    <Combobox
      {...fieldLabelling(props)}
      selected={selected}
      text={text}
      onTextChange={setText}
      onSelect={(o) => onChange(o?.value ?? '')}
      options={shown}
    />
  );
}

function RemotePlacePicker(props: PlaceFieldProps & { kind: RemotePlaceKind }) {
  const { option, options, answers, value, onChange, kind } = props;
  const t = useT();
  const parentOption = options.find((o) => o.option_id === option.place?.parent_option);
  const parent = parentCode(parentOption, answers[String(option.place?.parent_option)]);
  const waitingForParent = !!parentOption && parent === null;
  const known = usePlace(kind, value);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ComboboxOption | null>(null);

  // Show the name of an answer given before (draft, Back, Cambiar) once it is known.
  useEffect(() => {
    if (!value || !known.data || chosen?.value === value) return;
    const label = known.data.name;
    setChosen({ value, label });
    setText(label);
  }, [value, known.data, chosen]);

  // A new province, district or concelho drops an answer that is no longer inside it.
  const lastParent = useRef(parent);
  useEffect(() => {
    if (lastParent.current === parent) return;
    lastParent.current = parent;
    if (value && (parent === null || !within(kind, value, parent))) {
      setChosen(null);
      setText('');
      setQuery('');
      onChange('');
    }
  }, [parent, value, kind, onChange]);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(text.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  const searching = !waitingForParent && !(chosen && text === chosen.label);
  const search = usePlaceSearch(kind, query, parent, searching);
  // Asked alone (no parent question), the province or concelho tells places of the same name apart.
  const showParent = !parentOption;
  const results: ComboboxOption[] =
    query === text.trim() || search.data
      ? (search.data?.items ?? []).map((p) => ({
          value: p.code,
          label: p.name,
          description: showParent ? (p.parent_name ?? undefined) : undefined,
        }))
      : [];
  const firstKey =
    kind === 'es_municipality'
      ? 'place.chooseProvinceFirst'
      : kind === 'pt_municipality'
        ? 'place.chooseDistrictFirst'
        : 'place.chooseConcelhoFirst';

  return (
    <Combobox
      {...fieldLabelling(props)}
      selected={chosen && chosen.value === value ? chosen : null}
      text={text}
      onTextChange={setText}
      onSelect={(o) => {
        setChosen(o);
        onChange(o?.value ?? '');
      }}
      options={searching ? results : []}
      loading={searching && (search.isFetching || query !== text.trim())}
      more={search.data?.more ?? false}
      disabledReason={waitingForParent ? t(firstKey) : undefined}
    />
  );
}

/** A place answer as check-answers shows it: its name (the code until the name arrives). */
export function PlaceName({ option, code }: { option: ProductOption; code: string }) {
  const kind = placeKindOf(option);
  const place = usePlace(kind === 'values' ? null : kind, code);
  return <>{place.data?.name ?? code}</>;
}

/** Whether an option's answer is a place code shown by name (municipalities, concelhos, freguesias). */
export function isPlaceCodeQuestion(option: ProductOption): boolean {
  const kind = placeKindOf(option);
  return kind !== null && kind !== 'values';
}
