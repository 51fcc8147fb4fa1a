import { useState, type FormEvent } from 'react';
import { errorText } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { ApiError } from '../../../../shared/lib/api-client';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Button, PageHeading, Select, Spinner, Table, TextInput } from '../../../../shared/ui';
import {
  LEGAL_ENTITY_FIELDS,
  useLegalEntities,
  useLegalEntityHistory,
  useSaveLegalEntity,
  type LegalEntityChange,
  type LegalEntityField,
  type LegalEntityRow,
} from '../api/legal-entities';

/**
 * `/agentes/entidades-legales` (admins): the legal entities that sell in the stores and issue their invoices (legal
 * pages, invoices, e-mails and payment pages all read them), an edit form and the history of edits. Production does
 * not start while any still carries the shipped placeholder data (docs/legal-entities.md).
 */
export function LegalEntitiesRoute() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('legalEntities.title'));
  const list = useLegalEntities();
  const [selected, setSelected] = useState('');
  const entity = list.data?.items.find((e) => e.entity_id === selected);
  return (
    <>
      <PageHeading caption={t('canned.caption')}>{t('legalEntities.title')}</PageHeading>
      <p>{t('legalEntities.intro')}</p>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert>{errorText(list.error, t)}</Alert> : null}
      {list.data ? (
        <Table<LegalEntityRow>
          caption={t('legalEntities.title')}
          captionHidden
          rowKey={(row) => row.entity_id}
          rows={list.data.items}
          columns={[
            { key: 'id', header: t('legalEntities.entity'), cell: (row) => row.entity_id },
            { key: 'name', header: t('legalEntities.field.legal_name'), cell: (row) => row.legal_name },
            { key: 'tax', header: t('legalEntities.field.tax_id'), cell: (row) => row.tax_id },
            { key: 'stores', header: t('legalEntities.stores'), cell: (row) => row.stores.join(', ') },
            {
              key: 'pending',
              header: t('legalEntities.pending'),
              cell: (row) =>
                row.placeholder_fields.length
                  ? row.placeholder_fields.map((f) => t(`legalEntities.field.${f as LegalEntityField}`)).join(', ')
                  : t('legalEntities.none'),
            },
            {
              key: 'updated',
              header: t('canned.colUpdated'),
              cell: (row) => format.dateTime(row.updated_at),
            },
          ]}
        />
      ) : null}
      {list.data ? (
        <Select
          id="legal-entity"
          label={t('legalEntities.choose')}
          emptyLabel=""
          items={list.data.items.map((e) => ({ value: e.entity_id, label: `${e.entity_id} — ${e.legal_name}` }))}
          value={selected}
          onChange={(e) => setSelected(e.target.value)}
        />
      ) : null}
      {entity ? <EntityForm key={`${entity.entity_id}:${entity.version}`} entity={entity} /> : null}
      {entity ? <EntityHistory entityId={entity.entity_id} /> : null}
    </>
  );
}

function EntityForm({ entity }: { entity: LegalEntityRow }) {
  const t = useT();
  const save = useSaveLegalEntity();
  const [values, setValues] = useState<Record<LegalEntityField, string>>(
    () => Object.fromEntries(LEGAL_ENTITY_FIELDS.map((f) => [f, entity[f]])) as Record<LegalEntityField, string>,
  );
  const [done, setDone] = useState(false);
  const fieldError = (field: LegalEntityField) =>
    save.error instanceof ApiError ? save.error.fields?.find((f) => f.field === field)?.message : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const changed = Object.fromEntries(
      LEGAL_ENTITY_FIELDS.filter((f) => values[f] !== entity[f]).map((f) => [f, values[f]]),
    );
    if (Object.keys(changed).length === 0) return;
    save.mutate({ entityId: entity.entity_id, values: changed }, { onSuccess: () => setDone(true) });
  }

  return (
    <>
      <h2 id="legal-entity-editor">{t('legalEntities.formTitle', { entity: entity.entity_id })}</h2>
      <form noValidate onSubmit={submit} aria-labelledby="legal-entity-editor">
        {done ? <Alert tone="success">{t('legalEntities.saved')}</Alert> : null}
        {save.isError && !(save.error instanceof ApiError && save.error.fields?.length) ? (
          <Alert>{errorText(save.error, t)}</Alert>
        ) : null}
        {LEGAL_ENTITY_FIELDS.map((field) => (
          <TextInput
            key={field}
            id={`legal-entity-${field}`}
            label={t(`legalEntities.field.${field}`)}
            value={values[field]}
            error={fieldError(field)}
            optional={
              field === 'registry_note' ||
              field === 'phone' ||
              field === 'privacy_email' ||
              field === 'supervising_authority'
            }
            onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
          />
        ))}
        <Button type="submit" disabled={save.isPending}>
          {t('legalEntities.save')}
        </Button>
      </form>
    </>
  );
}

function EntityHistory({ entityId }: { entityId: string }) {
  const t = useT();
  const format = useFormat();
  const history = useLegalEntityHistory(entityId);
  return (
    <>
      <h2>{t('legalEntities.history')}</h2>
      {history.isPending ? <Spinner /> : null}
      {history.isError ? <Alert>{errorText(history.error, t)}</Alert> : null}
      {history.data && history.data.items.length === 0 ? <p>{t('legalEntities.noHistory')}</p> : null}
      {history.data && history.data.items.length > 0 ? (
        <Table<LegalEntityChange>
          caption={t('legalEntities.history')}
          captionHidden
          rowKey={(row) => row.id}
          rows={history.data.items}
          columns={[
            { key: 'when', header: t('legalEntities.when'), cell: (row) => format.dateTime(row.changed_at) },
            { key: 'who', header: t('legalEntities.who'), cell: (row) => row.user_name ?? '—' },
            {
              key: 'changes',
              header: t('legalEntities.changes'),
              cell: (row) => (
                <ul>
                  {row.changes.map((c) => (
                    <li key={c.field}>
                      {t(`legalEntities.field.${c.field as LegalEntityField}`)}: «{c.old}» → «{c.new}»
                    </li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      ) : null}
    </>
  );
}
