import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSession } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { api } from '../../../shared/lib/api-client';
import { Combobox, TextInput, type ComboboxOption } from '../../../shared/ui';
import { fieldLabelling, type QuestionProps } from './question-props';

const SEARCH_DELAY_MS = 250;

/**
 * A `sociedad` question: the customer's saved companies searched by name or CIF as they type (the saved items' own
 * search, GET /api/me/companies?q=), in the ARIA 1.2 combobox of the place pickers; any other company can be typed.
 * The answer is the company's name (text, validated by the engine like any text); signed out, a plain text field.
 */
export function SociedadField(props: QuestionProps) {
  const { user } = useSession();
  if (!user) {
    return (
      <TextInput
        {...fieldLabelling(props)}
        value={props.value}
        maxLength={props.option.max_length ?? undefined}
        autoComplete="organization"
        onChange={(e) => props.onChange(e.target.value)}
      />
    );
  }
  return <SavedCompanyPicker {...props} />;
}

function SavedCompanyPicker(props: QuestionProps) {
  const { value, onChange } = props;
  const t = useT();
  const [query, setQuery] = useState(value.trim());
  const [chosen, setChosen] = useState<ComboboxOption | null>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(value.trim()), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [value]);

  const searching = !(chosen && value === chosen.label) && query !== '';
  const companies = useQuery({
    queryKey: ['me', 'saved', 'companies', 'picker', query],
    queryFn: ({ signal }) => api.GET('/api/me/companies', { params: { query: { per_page: 10, q: query } }, signal }),
    enabled: searching,
    staleTime: 30_000,
  });
  const options: ComboboxOption[] = (companies.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: c.name,
    description: c.meta.attr.find((a) => a.key === 'cif')?.value,
  }));

  return (
    <Combobox
      {...fieldLabelling(props)}
      hint={[props.hint, t('wizard.sociedadHint')].filter(Boolean).join(' ')}
      selected={chosen && chosen.label === value ? chosen : null}
      text={value}
      // Typing is an answer too: a company not saved is written by name.
      onTextChange={onChange}
      onSelect={(o) => {
        setChosen(o);
        if (o) onChange(o.label);
      }}
      options={searching ? options : []}
      loading={searching && (companies.isFetching || query !== value.trim())}
      more={(companies.data?.total ?? 0) > options.length}
      autoComplete="organization"
    />
  );
}
