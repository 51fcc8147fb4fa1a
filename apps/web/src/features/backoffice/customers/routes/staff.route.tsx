import { useState, type FormEvent } from 'react';
import { errorText, NO_ERRORS, toFormErrors, useUser, type FormErrors } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Button, ErrorSummary, PageHeading, Select, Spinner, Table, TextInput } from '../../../../shared/ui';
import { useCreateStaff, useStaff, useUpdateStaff, type StaffChange, type StaffMember } from '../api/customers';

const ROLES = ['agent', 'admin', 'notary'] as const;
const QUEUES = ['default', 'portugal'] as const;
const NEW_FIELDS = ['email', 'firstname', 'lastname'] as const;

/** `/agentes/personal` (admins): the staff accounts: role, active, preferred queue; new accounts (spec: update_agente). */
export function StaffRoute() {
  const t = useT();
  useDocumentTitle(t('staff.title'));
  const me = useUser();
  const staff = useStaff();
  const update = useUpdateStaff();
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  // Fields stay enabled while a change is saved: disabling the focused one would drop keyboard focus to the page.
  // A second change on the same version meanwhile is refused by the server (409) and said in the message.
  function change(row: StaffMember, patch: Omit<StaffChange, 'version'>) {
    update.mutate(
      { id: row.id, change: { ...patch, version: row.version } },
      {
        onSuccess: () => setMessage({ tone: 'success', text: t('staff.saved') }),
        onError: (error) => setMessage({ tone: 'error', text: errorText(error, t) }),
      },
    );
  }

  return (
    <>
      <PageHeading caption={t('customers.caption')}>{t('staff.title')}</PageHeading>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {staff.isPending ? <Spinner /> : null}
      {staff.isError ? <Alert>{errorText(staff.error, t)}</Alert> : null}
      {staff.data ? (
        <Table<StaffMember>
          caption={t('staff.list')}
          rowKey={(row) => row.id}
          rows={staff.data.items}
          columns={[
            { key: 'email', header: t('customers.email'), cell: (row) => row.email },
            { key: 'name', header: t('customers.name'), cell: (row) => `${row.firstname} ${row.lastname}` },
            {
              key: 'role',
              header: t('staff.role'),
              cell: (row) => (
                <Select
                  id={`staff-role-${row.id}`}
                  label={`${t('staff.role')}: ${row.email}`}
                  value={row.role}
                  disabled={row.id === me?.id}
                  items={ROLES.map((r) => ({ value: r, label: t(`staff.role.${r}`) }))}
                  onChange={(e) => change(row, { role: e.target.value as StaffMember['role'] })}
                />
              ),
            },
            {
              key: 'panel',
              header: t('staff.panelRole'),
              cell: (row) => (
                <Select
                  id={`staff-panel-${row.id}`}
                  label={`${t('staff.panelRole')}: ${row.email}`}
                  value={row.panel_role ?? ''}
                  items={[
                    { value: '', label: t('staff.panelRole.none') },
                    { value: 'portugal', label: t('staff.panelRole.portugal') },
                  ]}
                  onChange={(e) => change(row, { panel_role: e.target.value === 'portugal' ? 'portugal' : null })}
                />
              ),
            },
            {
              key: 'queue',
              header: t('staff.queue'),
              cell: (row) => (
                <Select
                  id={`staff-queue-${row.id}`}
                  label={`${t('staff.queue')}: ${row.email}`}
                  value={row.settings.default_queue ?? 'default'}
                  items={QUEUES.map((q) => ({ value: q, label: t(`staff.queue.${q}`) }))}
                  onChange={(e) =>
                    change(row, {
                      settings: { ...row.settings, default_queue: e.target.value as 'default' | 'portugal' },
                    })
                  }
                />
              ),
            },
            {
              key: 'active',
              header: t('staff.active'),
              cell: (row) => (
                <>
                  {row.active ? t('staff.active') : t('staff.inactive')}{' '}
                  {row.id === me?.id ? null : (
                    <Button type="button" variant="secondary" onClick={() => change(row, { active: !row.active })}>
                      {row.active ? t('staff.deactivate') : t('staff.activate')}
                      <span className="visually-hidden"> {row.email}</span>
                    </Button>
                  )}
                </>
              ),
            },
          ]}
        />
      ) : null}
      <NewStaff />
    </>
  );
}

function NewStaff() {
  const t = useT();
  const create = useCreateStaff();
  const empty = { email: '', firstname: '', lastname: '' };
  const [fields, setFields] = useState(empty);
  const [role, setRole] = useState<(typeof ROLES)[number]>('agent');
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    create.mutate(
      { ...fields, role },
      {
        onSuccess: () => {
          setErrors(NO_ERRORS);
          setFields(empty);
          setDone(true);
        },
        onError: (error) => setErrors(toFormErrors(error, 'staff-new', [...NEW_FIELDS], 'email', t)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="staff-new-heading">
      <h2 id="staff-new-heading">{t('staff.newTitle')}</h2>
      <ErrorSummary errors={errors.summary} />
      {done ? <Alert tone="success">{t('staff.invited')}</Alert> : null}
      <p>{t('staff.inviteHint')}</p>
      {NEW_FIELDS.map((name) => (
        <TextInput
          key={name}
          id={`staff-new-${name}`}
          label={t(`customers.${name}`)}
          type={name === 'email' ? 'email' : 'text'}
          autoComplete="off"
          value={fields[name]}
          error={errors.byField[name]}
          onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
        />
      ))}
      <Select
        id="staff-new-role"
        label={t('staff.role')}
        value={role}
        items={ROLES.map((r) => ({ value: r, label: t(`staff.role.${r}`) }))}
        onChange={(e) => setRole(e.target.value as (typeof ROLES)[number])}
      />
      <Button type="submit" pending={create.isPending}>
        {t('staff.create')}
      </Button>
    </form>
  );
}
