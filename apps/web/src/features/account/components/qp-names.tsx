import { QP_PRODUCT_IDS } from '@ventanilla/domain';
import { useState, type FormEvent } from 'react';
import { errorText, NO_ERRORS, toFormErrors, type FormErrors } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { Alert, Button, ErrorSummary, Select, TextInput } from '../../../shared/ui';
import { useAddQpName, useQpList, useSendQpNames } from '../api/person-search';

const EMPTY = { nombre: '', apellidos: '', nif: '' };

/**
 * The people whose properties a QP ("propiedades de una persona") order line searches for: the customer lists them
 * (name, surnames, DNI/NIE) and sends the list once, with the most properties to locate (up to the number paid for).
 * Read-only once sent; the properties found are shown under it. Nothing for lines of other products.
 */
// size: two short forms over one list (add a person, send the list); left whole while the account pages are
// reworked elsewhere.
export function QpNames({ itemId, productId }: { itemId: number; productId: number }) {
  const t = useT();
  const isQp = QP_PRODUCT_IDS.includes(productId);
  const list = useQpList(itemId, isQp);
  const add = useAddQpName(itemId);
  const send = useSendQpNames(itemId);
  const [person, setPerson] = useState(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [sendErrors, setSendErrors] = useState<FormErrors>(NO_ERRORS);
  const [notice, setNotice] = useState<string | null>(null);
  const [maximo, setMaximo] = useState('');
  const prefix = `qp-${itemId}`;

  if (!isQp || list.isPending) return null;
  if (list.isError) return <Alert>{errorText(list.error, t)}</Alert>;
  const data = list.data;
  const pending = data.names.filter((n) => n.processed_at === null);
  const full = data.names.length >= data.max_names;

  function submitPerson(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = (['nombre', 'apellidos', 'nif'] as const).filter((f) => !person[f].trim());
    if (fields.length > 0) {
      const text = t('qp.required');
      setErrors({
        byField: Object.fromEntries(fields.map((f) => [f, text])),
        summary: fields.map((f) => ({ href: `#${prefix}-${f}`, text: `${t(`qp.${f}`)}: ${text}` })),
      });
      return;
    }
    setErrors(NO_ERRORS);
    setNotice(null);
    add.mutate(person, {
      onSuccess: (answer) => {
        const name = `${person.nombre.trim()} ${person.apellidos.trim()}`;
        setNotice(answer.added ? t('qp.added', { name }) : t('qp.alreadyListed', { name }));
        setPerson(EMPTY);
      },
      onError: (error) => setErrors(toFormErrors(error, prefix, ['nombre', 'apellidos', 'nif'], 'nombre', t)),
    });
  }

  function submitList(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!maximo) {
      const text = t('qp.maximoRequired');
      setSendErrors({ byField: { maximo: text }, summary: [{ href: `#${prefix}-maximo`, text }] });
      return;
    }
    setSendErrors(NO_ERRORS);
    send.mutate(
      { maximo: Number(maximo), list: pending.map((n) => n.id) },
      { onError: (error) => setSendErrors(toFormErrors(error, prefix, ['maximo'], 'maximo', t)) },
    );
  }

  return (
    <section className="qp-names" aria-labelledby={`${prefix}-title`}>
      <h3 id={`${prefix}-title`}>{t('qp.title')}</h3>
      {data.state === 'awaiting_names' ? <p>{t('qp.intro', { max: data.max_names })}</p> : null}
      {data.state === 'sent' ? (
        <Alert tone="success">{t('qp.sent', { maximo: data.maximo ?? data.paid_maximo })}</Alert>
      ) : null}
      {data.state === 'unpaid' ? <p>{t('qp.unpaid')}</p> : null}
      {data.state === 'closed' ? <p>{t('qp.closed')}</p> : null}
      {data.names.length === 0 ? (
        <p>{t('qp.noNames')}</p>
      ) : (
        <ul className="document-list" aria-label={t('qp.listLabel')}>
          {data.names.map((n) => (
            <li key={n.id}>
              {n.nombre} {n.apellidos} <span className="secondary-text">({n.nif})</span>
            </li>
          ))}
        </ul>
      )}
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {data.editable && !full ? (
        <form noValidate onSubmit={submitPerson} aria-labelledby={`${prefix}-add-title`}>
          <h4 id={`${prefix}-add-title`}>{t('qp.addTitle')}</h4>
          <ErrorSummary errors={errors.summary} />
          <TextInput
            id={`${prefix}-nombre`}
            name="nombre"
            label={t('qp.nombre')}
            autoComplete="off"
            maxLength={150}
            value={person.nombre}
            error={errors.byField.nombre}
            onChange={(e) => setPerson({ ...person, nombre: e.target.value })}
          />
          <TextInput
            id={`${prefix}-apellidos`}
            name="apellidos"
            label={t('qp.apellidos')}
            autoComplete="off"
            maxLength={150}
            value={person.apellidos}
            error={errors.byField.apellidos}
            onChange={(e) => setPerson({ ...person, apellidos: e.target.value })}
          />
          <TextInput
            id={`${prefix}-nif`}
            name="nif"
            label={t('qp.nif')}
            hint={t('qp.nifHint')}
            autoComplete="off"
            maxLength={20}
            value={person.nif}
            error={errors.byField.nif}
            onChange={(e) => setPerson({ ...person, nif: e.target.value })}
          />
          <Button pending={add.isPending}>{t('qp.add')}</Button>
        </form>
      ) : null}
      {data.editable && full ? <p>{t('qp.full', { max: data.max_names })}</p> : null}
      {data.editable && pending.length > 0 ? (
        <form noValidate onSubmit={submitList} aria-labelledby={`${prefix}-send-title`}>
          <h4 id={`${prefix}-send-title`}>{t('qp.sendTitle')}</h4>
          <ErrorSummary errors={sendErrors.summary} />
          <Select
            id={`${prefix}-maximo`}
            name="maximo"
            label={t('qp.maximo')}
            hint={t('qp.maximoHint', { max: data.paid_maximo })}
            emptyLabel={t('qp.maximoEmpty')}
            items={Array.from({ length: data.paid_maximo }, (_, i) => ({
              value: String(i + 1),
              label: String(i + 1),
            }))}
            value={maximo}
            error={sendErrors.byField.maximo}
            onChange={(e) => setMaximo(e.target.value)}
          />
          <Button pending={send.isPending}>{t('qp.send', { count: pending.length })}</Button>
        </form>
      ) : null}
      {data.localizations.length > 0 ? (
        <>
          <h4>{t('qp.foundTitle')}</h4>
          <ul className="document-list">
            {data.localizations.map((l) => (
              <li key={l.id}>
                {t('qp.found', { registro: l.registro, finca: l.finca })}
                {l.municipio ? `, ${l.municipio}` : ''}
                {l.titular ? ` (${l.titular})` : ''}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
