import { useState } from 'react';
import { cadastreTargets } from '@ventanilla/domain';
import { useT } from '../../../shared/i18n';
import type { ProductOption } from '../../../shared/lib/api-contract';
import { Button, foldText, TextInput } from '../../../shared/ui';
import { useGeocode } from '../api/cadastre-lookup';
import { fieldLabelling, type QuestionProps } from './question-props';

interface AddressFieldProps extends QuestionProps {
  options: ProductOption[];
  answers: Readonly<Record<string, string | undefined>>;
  onFill: (answers: Record<string, string>) => void;
  visible: ReadonlySet<number>;
  onBlur?: (() => void) | undefined;
}

interface Suggestion {
  place: string;
  answers: Record<string, string>;
}

/** Shorter than this, an address names no town worth looking for. */
const MIN_LENGTH = 6;

/**
 * The property's address question. When the customer leaves it, the address is geocoded (docs/integrations.md,
 * "Geocoding"); if it names a municipality other than the one answered (or none was), the place is offered for the
 * province and municipality questions. Nothing changes unless the customer presses the button.
 */
export function AddressField(props: AddressFieldProps) {
  const { option, value, onChange, options, answers, onFill, visible, onBlur } = props;
  const t = useT();
  const geocode = useGeocode();
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const targets = cadastreTargets(options.filter((o) => visible.has(o.option_id)));

  function check() {
    onBlur?.();
    const text = value.trim();
    const { province, municipality } = targets;
    if (text.length < MIN_LENGTH || !province || !municipality) return;
    geocode.mutate(text, {
      onSuccess: ({ items }) => {
        // Only a town the address names in full: a guess from a partial word would mislead more than help.
        const named = (label: string) => ` ${words(text)} `.includes(` ${words(label.split(' (')[0] ?? label)} `);
        const found = items.find((i) => i.country === 'ES' && i.municipality_code && i.province_code && named(i.label));
        const value = province.opt_values.find((v) => v.code === found?.province_code);
        if (!found || !value || answers[String(municipality.option_id)] === found.municipality_code) {
          setSuggestion(null);
          return;
        }
        setSuggestion({
          place: found.label,
          answers: {
            [String(province.option_id)]: String(value.id),
            [String(municipality.option_id)]: found.municipality_code!,
          },
        });
      },
      // A geocoder that does not answer changes nothing: the customer answers the pickers.
      onError: () => setSuggestion(null),
    });
  }

  return (
    <div className="address-field">
      <TextInput
        {...fieldLabelling(props)}
        value={value}
        maxLength={option.max_length ?? undefined}
        autoComplete="street-address"
        onChange={(e) => {
          onChange(e.target.value);
          setSuggestion(null);
        }}
        onBlur={check}
      />
      <div role="status" className={suggestion ? 'inset-text' : 'visually-hidden'}>
        {suggestion ? (
          <>
            <p>{t('address.seemsIn', { place: suggestion.place })}</p>
            <Button
              type="button"
              variant="secondary"
              onClick={() => {
                onFill(suggestion.answers);
                setSuggestion(null);
              }}
            >
              {t('address.usePlace', { place: suggestion.place })}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** Folded words joined by single spaces ("Alcalá de Henares," -> "alcala de henares"), to compare whole words. */
function words(text: string): string {
  return foldText(text)
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(' ');
}
