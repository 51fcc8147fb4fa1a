import { type FormEvent, useId } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../shared/i18n';
import { Button, TextInput } from '../../../shared/ui';
import { searchPagePath, SEARCH_PATH } from '../lib/catalog-paths';

/**
 * The catalogue search: a GET form to the results page, which the server renders (it works without JavaScript);
 * with JavaScript the router opens the same address.
 */
export function SearchForm({ defaultQuery = '' }: { defaultQuery?: string }) {
  const t = useT();
  const navigate = useNavigate();
  const id = `search-${useId().replace(/:/g, '')}`;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = new FormData(event.currentTarget).get('q');
    navigate(searchPagePath(typeof q === 'string' ? q : ''));
  }
  return (
    <form className="catalogue-search" role="search" method="get" action={SEARCH_PATH} onSubmit={onSubmit}>
      <TextInput
        id={id}
        name="q"
        type="search"
        label={t('search.label')}
        hint={t('search.hint')}
        defaultValue={defaultQuery}
        maxLength={100}
        autoComplete="off"
        enterKeyHint="search"
      />
      <Button className="catalogue-search__submit">{t('search.submit')}</Button>
    </form>
  );
}
