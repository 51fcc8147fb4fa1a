import { useState, type FormEvent } from 'react';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Button, PageHeading, Spinner, Table, TextInput } from '../../../../shared/ui';
import { usePtSeriesCodes, useSavePtSeriesCode, type PtSeriesCode } from '../api/pt-series';

/**
 * `/agentes/series-pt` (admins): the AT's validation code of each Portuguese series (the ATCUD's first part). A
 * series without one cannot issue in production; a series that has issued keeps its code.
 */
export function PtSeriesRoute() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('ptSeries.title'));
  const list = usePtSeriesCodes();
  const save = useSavePtSeriesCode();
  const [seriesKey, setSeriesKey] = useState('');
  const [code, setCode] = useState('');
  const [done, setDone] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone('');
    save.mutate(
      { seriesKey: seriesKey.trim().toUpperCase(), code: code.trim() },
      {
        onSuccess: (saved) => {
          setDone(t('ptSeries.saved', { series: saved.series_key }));
          setSeriesKey('');
          setCode('');
        },
      },
    );
  }

  return (
    <>
      <PageHeading caption={t('canned.caption')}>{t('ptSeries.title')}</PageHeading>
      <p>{t('ptSeries.rule')}</p>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert>{errorText(list.error, t)}</Alert> : null}
      {list.data ? (
        <Table<PtSeriesCode>
          caption={t('ptSeries.title')}
          captionHidden
          rowKey={(row) => row.series_key}
          rows={list.data}
          columns={[
            { key: 'series', header: t('ptSeries.series'), cell: (row) => row.series_key },
            { key: 'code', header: t('ptSeries.code'), cell: (row) => row.validation_code },
            {
              key: 'updated',
              header: t('canned.colUpdated'),
              cell: (row) => (row.updated_at ? format.dateTime(row.updated_at) : '—'),
            },
          ]}
        />
      ) : null}
      <h2 id="pt-series-editor">{t('ptSeries.formTitle')}</h2>
      <form noValidate onSubmit={submit} aria-labelledby="pt-series-editor">
        {save.isError ? <Alert>{errorText(save.error, t)}</Alert> : null}
        <TextInput
          id="pt-series-key"
          label={t('ptSeries.series')}
          hint={t('ptSeries.seriesHint')}
          value={seriesKey}
          onChange={(e) => setSeriesKey(e.target.value)}
          required
        />
        <TextInput
          id="pt-series-code"
          label={t('ptSeries.code')}
          hint={t('ptSeries.codeHint')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
        />
        <Button type="submit" disabled={save.isPending}>
          {t('ptSeries.save')}
        </Button>
      </form>
    </>
  );
}
