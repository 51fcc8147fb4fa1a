import { useRef, useState, type FormEvent } from 'react';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import {
  Alert,
  Button,
  ButtonGroup,
  ErrorSummary,
  PageHeading,
  Select,
  Spinner,
  Table,
  Textarea,
  TextInput,
} from '../../../../shared/ui';
import {
  useCannedResponses,
  useDeleteCanned,
  useSaveCanned,
  type CannedFields,
  type CannedResponse,
} from '../api/canned-responses';
import { usePlaceholders } from '../api/templates';
import { useDebounced } from '../../shared';

type Visibility = NonNullable<CannedFields['visibility']>;
const VISIBILITIES: Visibility[] = ['all', 'admins', 'private'];
const FIELDS = ['group', 'title', 'visibility', 'body'];
const EMPTY: Required<CannedFields> = { group: '', title: '', body: '', visibility: 'all' };

/**
 * `/agentes/respuestas` (admins): every canned response, searched, with the editor below the list (create, change,
 * delete). Groups beginning with Portugal or Conservatoria are offered only to the Portuguese panel role.
 */
export function CannedResponsesRoute() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('canned.title'));
  const [search, setSearch] = useState('');
  const q = useDebounced(search);
  const list = useCannedResponses('all', q);
  const [editing, setEditing] = useState<CannedResponse | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [done, setDone] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);

  function edit(row: CannedResponse | null) {
    setEditing(row);
    setFormKey((k) => k + 1);
    setDone('');
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  return (
    <>
      <PageHeading caption={t('canned.caption')}>{t('canned.title')}</PageHeading>
      <p>{t('canned.rule')}</p>
      {done ? <Alert tone="success">{done}</Alert> : null}
      <form role="search" onSubmit={(e) => e.preventDefault()}>
        <TextInput
          id="canned-search"
          type="search"
          label={t('canned.search')}
          hint={t('canned.searchHint')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </form>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? <Alert>{errorText(list.error, t)}</Alert> : null}
      {list.data ? (
        <>
          <p role="status">{t('canned.count', { count: list.data.total })}</p>
          <Table<CannedResponse>
            caption={t('canned.title')}
            captionHidden
            rowKey={(row) => String(row.id)}
            rows={list.data.items}
            columns={[
              { key: 'group', header: t('canned.colGroup'), cell: (row) => row.group || '—' },
              {
                key: 'title',
                header: t('canned.colTitle'),
                cell: (row) => (
                  <button type="button" className="link-button" onClick={() => edit(row)}>
                    {row.title}
                    <span className="visually-hidden"> ({t('canned.edit')})</span>
                  </button>
                ),
              },
              { key: 'visibility', header: t('canned.visibility'), cell: (row) => t(`canned.vis.${row.visibility}`) },
              { key: 'updated', header: t('canned.colUpdated'), cell: (row) => format.dateTime(row.updated_at) },
            ]}
          />
        </>
      ) : null}
      <h2 ref={headingRef} tabIndex={-1} id="canned-editor">
        {editing ? t('canned.editTitle', { title: editing.title }) : t('canned.newTitle')}
      </h2>
      {editing ? (
        <p>
          <Button type="button" variant="secondary" onClick={() => edit(null)}>
            {t('canned.new')}
          </Button>
        </p>
      ) : null}
      <CannedEditor
        key={formKey}
        row={editing}
        onSaved={(row, deleted) => {
          setDone(deleted ? t('canned.deleted', { title: row.title }) : t('canned.saved', { title: row.title }));
          setEditing(deleted ? null : row);
          if (deleted) setFormKey((k) => k + 1);
        }}
      />
    </>
  );
}

function CannedEditor({
  row,
  onSaved,
}: {
  row: CannedResponse | null;
  onSaved: (row: CannedResponse, deleted: boolean) => void;
}) {
  const t = useT();
  const save = useSaveCanned();
  const remove = useDeleteCanned();
  const placeholders = usePlaceholders();
  const [fields, setFields] = useState<Required<CannedFields>>(
    row ? { group: row.group, title: row.title, body: row.body, visibility: row.visibility } : EMPTY,
  );
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [confirming, setConfirming] = useState(false);
  const set = (name: keyof CannedFields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const byField: Record<string, string> = {};
    if (!fields.title.trim()) byField.title = t('validation.enterValue');
    if (!fields.body.trim()) byField.body = t('validation.enterValue');
    if (Object.keys(byField).length > 0) {
      setErrors({
        byField,
        summary: FIELDS.filter((f) => byField[f]).map((f) => ({ href: `#canned-${f}`, text: byField[f]! })),
      });
      return;
    }
    setErrors(NO_ERRORS);
    save.mutate(
      { id: row?.id ?? null, fields },
      {
        onSuccess: (saved) => onSaved(saved, false),
        onError: (error) => setErrors(toFormErrors(error, 'canned', FIELDS, 'title', t)),
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="canned-editor">
      <ErrorSummary errors={errors.summary} />
      <TextInput
        id="canned-group"
        label={t('canned.group')}
        hint={t('canned.groupHint')}
        optional
        value={fields.group}
        error={errors.byField.group}
        onChange={set('group')}
        maxLength={200}
      />
      <TextInput
        id="canned-title"
        label={t('canned.titleField')}
        value={fields.title}
        error={errors.byField.title}
        onChange={set('title')}
        maxLength={200}
      />
      <Select
        id="canned-visibility"
        label={t('canned.visibility')}
        items={VISIBILITIES.map((v) => ({ value: v, label: t(`canned.vis.${v}`) }))}
        value={fields.visibility}
        error={errors.byField.visibility}
        onChange={set('visibility')}
      />
      <Textarea
        id="canned-body"
        label={t('canned.body')}
        hint={t('canned.bodyHint', {
          names: (placeholders.data ?? []).map((p) => `{{${p.name}}}`).join(', '),
        })}
        rows={8}
        value={fields.body}
        error={errors.byField.body}
        onChange={set('body')}
      />
      <ButtonGroup>
        <Button pending={save.isPending}>{t('canned.save')}</Button>
        {row && !confirming ? (
          <Button type="button" variant="warning" onClick={() => setConfirming(true)}>
            {t('canned.delete')}
          </Button>
        ) : null}
        {row && confirming ? (
          <Button
            type="button"
            variant="warning"
            pending={remove.isPending}
            onClick={() => remove.mutate(row.id, { onSuccess: () => onSaved(row, true) })}
          >
            {t('canned.confirmDelete', { title: row.title })}
          </Button>
        ) : null}
      </ButtonGroup>
      {remove.isError ? <Alert>{errorText(remove.error, t)}</Alert> : null}
    </form>
  );
}
