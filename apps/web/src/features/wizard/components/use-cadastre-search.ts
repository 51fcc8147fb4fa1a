import { useRef, useState } from 'react';
import { cadastreAnswers, cadastreTargets, parseRefcatQuery, streetAndNumber } from '@ventanilla/domain';
import { errorText } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import type { ProductOption } from '../../../shared/lib/api-contract';
import type { SummaryRow } from '../../../shared/ui';
import { useCadastreByAddress, useCadastreLookup, type CadastreAnswer } from '../api/cadastre-lookup';

export type Property = Omit<CadastreAnswer, 'source' | 'units'>;

interface CadastreSearchInput {
  value: string;
  onChange: (value: string) => void;
  options: ProductOption[];
  answers: Readonly<Record<string, string | undefined>>;
  onFill: (answers: Record<string, string>) => void;
  visible: ReadonlySet<number>;
}

/**
 * The cadastral reference question's searches (cadastre-field.tsx is its view): "Buscar" looks the reference up and
 * fills the visible province, municipality and address questions from it; "Buscar por dirección" lists the references
 * at the address answered, one of which the person chooses; a problem is said in words.
 */
export function useCadastreSearch({ value, onChange, options, answers, onFill, visible }: CadastreSearchInput) {
  const t = useT();
  const inputRef = useRef<HTMLDivElement>(null);
  const lookup = useCadastreLookup();
  const byAddress = useCadastreByAddress();
  const [found, setFound] = useState<{ property: Property; filled: SummaryRow[] } | null>(null);
  const [choices, setChoices] = useState<{ address: string; items: Property[] } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pending = lookup.isPending || byAddress.isPending;

  const targets = cadastreTargets(options.filter((o) => visible.has(o.option_id)));

  function reset() {
    setProblem(null);
    setFound(null);
    setChoices(null);
  }

  function failed(error: unknown) {
    setProblem(isApiError(error, 404) ? t('cadastre.notFound') : errorText(error, t));
  }

  /** Fills the visible target questions from a property and says what was filled. */
  function use(property: Property) {
    onChange(property.refcat);
    const filled = cadastreAnswers(
      options.filter((o) => visible.has(o.option_id)),
      property,
    );
    onFill(filled);
    const rows: SummaryRow[] = Object.entries(filled).map(([id, answer]) => {
      const question = options.find((o) => String(o.option_id) === id);
      const shown =
        question === targets.province
          ? (question?.opt_values.find((v) => String(v.id) === answer)?.name ?? answer)
          : question === targets.municipality
            ? property.municipality
            : answer;
      return { key: id, label: question?.title ?? id, value: shown };
    });
    setFound({ property, filled: rows });
  }

  // Not disabled while searching: a disabled button drops the keyboard focus to the page. A second press waits.
  function search() {
    if (pending) return;
    reset();
    const query = parseRefcatQuery(value);
    if (!query.ok) {
      setProblem(query.reason === 'empty' ? t('cadastre.empty') : t('cadastre.invalid'));
      return;
    }
    lookup.mutate(query.refcat, {
      onSuccess: (answer) => use(answer),
      onError: failed,
    });
  }

  function searchByAddress() {
    if (pending) return;
    reset();
    const province = targets.province
      ? targets.province.opt_values.find((v) => String(v.id) === answers[String(targets.province!.option_id)])?.code
      : undefined;
    const municipality = targets.municipality ? answers[String(targets.municipality.option_id)] : undefined;
    const address = targets.address ? answers[String(targets.address.option_id)] : undefined;
    if (!province || !municipality || !address) {
      setProblem(t('cadastre.addressFirst'));
      return;
    }
    const { street, number } = streetAndNumber(address);
    byAddress.mutate(
      { province, municipality, street, number },
      {
        onSuccess: (list) => {
          setChoices({ address, items: list.items });
        },
        onError: failed,
      },
    );
  }

  function choose(property: Property) {
    setChoices(null);
    use(property);
    // Back to the reference, now filled in, so the person reads on from there.
    inputRef.current?.querySelector('input')?.focus();
  }

  return {
    inputRef,
    targets,
    found,
    choices,
    problem,
    pending,
    lookup,
    byAddress,
    reset,
    search,
    searchByAddress,
    choose,
  };
}
