import { META_LISTS, type MetaList, type SavedItemKind } from '@ventanilla/domain';
import { useState, type FormEvent } from 'react';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { Alert, Button, CheckboxGroup, ErrorSummary } from '../../../shared/ui';
import { useUpdateSavedItem, type SavedItem, type SavedKindPath } from '../api/saved-items';
import { refLabel } from '../routes/saved-items.route';

const DOMAIN_KIND: Record<SavedKindPath, SavedItemKind> = {
  properties: 'property',
  companies: 'company',
  vehicles: 'vehicle',
  documents: 'document',
};

/** The lists a kind has, in the spec's order: a property's type and use, a vehicle's fuel and relationship... */
function listsOf(kind: SavedKindPath): Array<[MetaList, number[]]> {
  const lists = META_LISTS[DOMAIN_KIND[kind]];
  return (['tipo', 'uso', 'relacion'] as const).flatMap((list) => {
    const ids = lists[list];
    return ids ? [[list, Object.keys(ids).map(Number)] as [MetaList, number[]]] : [];
  });
}

/**
 * The reference ids of a saved item (spec: meta tipo, uso, relacion), edited as checkboxes and saved with one PUT
 * of `meta` (the server keeps the attributes: the lists sent replace only themselves).
 */
export function SavedItemClassification({
  kind,
  item,
  onSaved,
}: {
  kind: SavedKindPath;
  item: SavedItem;
  onSaved: (item: SavedItem) => void;
}) {
  const t = useT();
  const update = useUpdateSavedItem(kind, item.id);
  const lists = listsOf(kind);
  const [values, setValues] = useState<Record<MetaList, string[]>>({
    tipo: item.meta.tipo.map(String),
    uso: item.meta.uso.map(String),
    relacion: item.meta.relacion.map(String),
  });
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [saved, setSaved] = useState(false);
  if (lists.length === 0) return null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const meta = Object.fromEntries(lists.map(([list]) => [list, values[list].map(Number)]));
    update.mutate(
      { meta },
      {
        onSuccess: (res) => {
          setErrors(NO_ERRORS);
          setSaved(true);
          onSaved(res.item);
        },
        onError: (error) =>
          setErrors(
            toFormErrors(
              error,
              'classify',
              lists.map(([list]) => `meta.${list}`),
              `meta.${lists[0]![0]}`,
              t,
            ),
          ),
      },
    );
  }

  return (
    <section aria-labelledby="classify-title">
      <h2 id="classify-title">{t('saved.classifyTitle')}</h2>
      <ErrorSummary errors={errors.summary} />
      {saved ? (
        <Alert tone="success">
          <p>{t('saved.classifySaved')}</p>
        </Alert>
      ) : null}
      <form noValidate onSubmit={submit}>
        {lists.map(([list, ids]) => (
          <CheckboxGroup
            key={list}
            id={`classify-meta.${list}`}
            legend={t(kind === 'vehicles' && list === 'tipo' ? 'saved.list.fuel' : `saved.list.${list}`)}
            items={ids.map((id) => ({ value: String(id), label: refLabel(t, id) }))}
            values={values[list]}
            error={errors.byField[`meta.${list}`]}
            optional
            onChange={(next) => setValues((current) => ({ ...current, [list]: next }))}
          />
        ))}
        <Button pending={update.isPending}>{t('saved.classifySave')}</Button>
      </form>
    </section>
  );
}
