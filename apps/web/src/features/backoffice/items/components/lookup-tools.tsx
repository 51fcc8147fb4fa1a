import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { api } from '../../../../shared/lib/api-client';
import { Alert, Button, SummaryList, TextInput } from '../../../../shared/ui';

/**
 * The cadastral lookup (spec: refcatastral?refcat=) and the company reports (informeEconomico, informeSolvencia by
 * CIF) as controls with their results, on the order and customer pages. `idPrefix` keeps the ids unique per page.
 */
export function LookupTools({ idPrefix, refcat = '', cif = '' }: { idPrefix: string; refcat?: string; cif?: string }) {
  const t = useT();
  const [ref, setRef] = useState(refcat);
  const [taxId, setTaxId] = useState(cif);
  const cadastre = useMutation({
    mutationFn: (value: string) => api.GET('/api/lookups/cadastre', { params: { query: { refcat: value.trim() } } }),
  });
  const report = useMutation({
    mutationFn: (input: { cif: string; kind: 'economic' | 'solvency' }) =>
      api.GET('/api/lookups/company-report', { params: { query: { cif: input.cif.trim(), kind: input.kind } } }),
  });
  const lookUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    cadastre.mutate(ref);
  };
  const c = cadastre.data;
  const r = report.data;
  return (
    <section className="item-section" aria-labelledby={`${idPrefix}-lookups-title`}>
      <h2 id={`${idPrefix}-lookups-title`}>{t('lookupTools.title')}</h2>
      <form onSubmit={lookUp} noValidate>
        <TextInput
          id={`${idPrefix}-refcat`}
          label={t('lookupTools.refcat')}
          value={ref}
          spellCheck={false}
          onChange={(e) => setRef(e.target.value)}
        />
        <Button type="submit" variant="secondary" pending={cadastre.isPending}>
          {t('lookupTools.refcatButton')}
        </Button>
      </form>
      <div aria-live="polite">
        {cadastre.isError ? <Alert>{errorText(cadastre.error, t)}</Alert> : null}
        {c ? (
          <SummaryList
            rows={[
              { key: 'refcat', label: t('lookupTools.refcat'), value: c.refcat },
              {
                key: 'address',
                label: t('lookupTools.address'),
                value: `${c.address}, ${c.municipality} (${c.province})`,
              },
              { key: 'use', label: t('lookupTools.use'), value: c.use ?? '—' },
              {
                key: 'surface',
                label: t('lookupTools.surface'),
                value: c.surface_m2 === null ? '—' : String(c.surface_m2),
              },
            ]}
          />
        ) : null}
      </div>
      <TextInput
        id={`${idPrefix}-cif`}
        label={t('lookupTools.cif')}
        value={taxId}
        spellCheck={false}
        onChange={(e) => setTaxId(e.target.value)}
      />
      <p className="button-group">
        {(['economic', 'solvency'] as const).map((kind) => (
          <Button
            key={kind}
            type="button"
            variant="secondary"
            pending={report.isPending && report.variables?.kind === kind}
            onClick={() => report.mutate({ cif: taxId, kind })}
          >
            {t(kind === 'economic' ? 'lookupTools.economic' : 'lookupTools.solvency')}
          </Button>
        ))}
      </p>
      <div aria-live="polite">
        {report.isError ? <Alert>{errorText(report.error, t)}</Alert> : null}
        {r ? (
          <SummaryList
            rows={[
              { key: 'company', label: t('lookupTools.company'), value: `${r.company.name} (${r.company.cif})` },
              { key: 'status', label: t('lookupTools.status'), value: r.company.status },
              ...r.years.map((y) => ({
                key: `y${y.year}`,
                label: t('lookupTools.turnover', { year: y.year }),
                value: String(y.turnover),
              })),
              ...(r.sandbox ? [{ key: 'sandbox', label: t('lookupTools.sandbox'), value: r.source }] : []),
            ]}
          />
        ) : null}
      </div>
    </section>
  );
}
