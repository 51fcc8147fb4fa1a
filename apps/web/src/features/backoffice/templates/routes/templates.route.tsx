import { useSearchParams } from 'react-router';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import type { Language } from '../../../../shared/lib/api-contract';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Link, PageHeading, Select, Spinner, Table } from '../../../../shared/ui';
import { useTemplates, type Template, type TemplateKind } from '../api/templates';
import '../components/templates.css';

const KINDS: TemplateKind[] = ['incidence', 'email'];
const LANGUAGES: Language[] = ['es', 'pt', 'en'];

/** `/agentes/plantillas`: incidence and e-mail templates, by id and language, with links to edit and create. */
export function TemplatesRoute() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const kind: TemplateKind = params.get('kind') === 'email' ? 'email' : 'incidence';
  const languageParam = params.get('language');
  const language = LANGUAGES.find((l) => l === languageParam);
  useDocumentTitle(t('templates.title'));

  return (
    <>
      <PageHeading caption={t('templates.caption')}>{t('templates.title')}</PageHeading>
      <nav className="section-tabs" aria-label={t('templates.kindsNav')}>
        <ul>
          {KINDS.map((k) => (
            <li key={k}>
              <Link
                to={`/agentes/plantillas?kind=${k}${language ? `&language=${language}` : ''}`}
                aria-current={k === kind ? 'page' : undefined}
              >
                {t(k === 'incidence' ? 'templates.kindIncidence' : 'templates.kindEmail')}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Select
        id="templates-language"
        label={t('templates.language')}
        emptyLabel={t('templates.allLanguages')}
        items={LANGUAGES.map((l) => ({ value: l, label: t(`templates.lang.${l}`) }))}
        value={language ?? ''}
        onChange={(e) => {
          const next = new URLSearchParams(params);
          if (e.target.value) next.set('language', e.target.value);
          else next.delete('language');
          setParams(next);
        }}
      />
      <p>
        <Link to={`/agentes/plantillas/${kind}/nueva`} className="button button--secondary">
          {t(kind === 'incidence' ? 'templates.newIncidence' : 'templates.newEmail')}
        </Link>
      </p>
      <TemplateTable kind={kind} language={language} />
    </>
  );
}

function TemplateTable({ kind, language }: { kind: TemplateKind; language: Language | undefined }) {
  const t = useT();
  const format = useFormat();
  const templates = useTemplates(kind, language);
  if (templates.isPending) return <Spinner />;
  if (templates.isError) return <Alert>{errorText(templates.error, t)}</Alert>;
  return (
    <Table<Template>
      caption={t(kind === 'incidence' ? 'templates.kindIncidence' : 'templates.kindEmail')}
      captionHidden
      rowKey={(row) => `${row.id}-${row.language}`}
      rows={templates.data}
      columns={[
        { key: 'id', header: t('templates.colId'), cell: (row) => row.id, numeric: true },
        {
          key: 'name',
          header: t('templates.colName'),
          cell: (row) => (
            <Link to={`/agentes/plantillas/${kind}/${row.id}/${row.language}`}>
              {row.name}
              <span className="visually-hidden"> ({t(`templates.lang.${row.language}`)})</span>
            </Link>
          ),
        },
        { key: 'group', header: t('templates.colGroup'), cell: (row) => row.group || '—' },
        { key: 'language', header: t('templates.language'), cell: (row) => t(`templates.lang.${row.language}`) },
        { key: 'updated', header: t('templates.colUpdated'), cell: (row) => format.dateTime(row.updated_at) },
      ]}
    />
  );
}
