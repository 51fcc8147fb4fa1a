import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { NO_ERRORS, errorText, toFormErrors, type FormErrors } from '../../../../shared/auth';
import { useFormat, useT } from '../../../../shared/i18n';
import { api } from '../../../../shared/lib/api-client';
import type { ApiResponse } from '../../../../shared/lib/api-contract';
import { queryKeys } from '../../../../shared/lib/query-keys';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { Alert, Button, ErrorSummary, PageHeading, Spinner, Table, Textarea, TextInput } from '../../../../shared/ui';

type OwnSettings = ApiResponse<'/api/backoffice/me/settings', 'get'>;
type ProductList = OwnSettings['product_lists'][number];
const settingsKey = [...queryKeys.backoffice, 'own-settings'] as const;

const TEXT_FIELDS = [
  ['aircall', 'user_id', 'ownSettings.aircallUser'],
  ['aircall', 'number', 'ownSettings.aircallNumber'],
  ['correos', 'codigo_etiquetador', 'ownSettings.codigoEtiquetador'],
  ['correos', 'numero_contrato', 'ownSettings.numeroContrato'],
  ['correos', 'numero_cliente', 'ownSettings.numeroCliente'],
] as const;

/** Product lists as lines: `id | name | short name | product; product`. */
function listsText(lists: ProductList[]): string {
  return lists.map((l) => [l.id, l.name, l.short_name, l.product_names.join('; ')].join(' | ')).join('\n');
}

function parseLists(text: string): ProductList[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [id = '', name = '', shortName = '', products = ''] = line.split('|').map((p) => p.trim());
      return {
        id,
        name,
        short_name: shortName,
        product_names: products
          .split(';')
          .map((p) => p.trim())
          .filter(Boolean),
      };
    });
}

/** `/agentes/ajustes`: "Mis ajustes", the signed-in agent's own settings (spec: currentuser config). */
export function OwnSettingsRoute() {
  const t = useT();
  useDocumentTitle(t('ownSettings.title'));
  const settings = useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => api.GET('/api/backoffice/me/settings', { signal }),
  });
  return (
    <>
      <PageHeading>{t('ownSettings.title')}</PageHeading>
      {settings.isPending ? <Spinner /> : null}
      {settings.isError ? <Alert>{errorText(settings.error, t)}</Alert> : null}
      {settings.data ? <SettingsForm initial={settings.data} /> : null}
    </>
  );
}

function SettingsForm({ initial }: { initial: OwnSettings }) {
  const t = useT();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: OwnSettings) => api.PUT('/api/backoffice/me/settings', { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey, saved),
  });
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(TEXT_FIELDS.map(([group, name]) => [`${group}.${name}`, initial[group][name as never] ?? ''])),
  );
  const [lists, setLists] = useState(listsText(initial.product_lists));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);
  const field = (path: string) => `own-${path.replace(/\./g, '-')}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setDone(false);
    const v = (path: string) => values[path]?.trim() || null;
    const body: OwnSettings = {
      aircall: { user_id: v('aircall.user_id'), number: v('aircall.number') },
      correos: {
        codigo_etiquetador: v('correos.codigo_etiquetador'),
        numero_contrato: v('correos.numero_contrato'),
        numero_cliente: v('correos.numero_cliente'),
      },
      product_lists: parseLists(lists),
    };
    save.mutate(body, {
      onSuccess: () => {
        setErrors(NO_ERRORS);
        setDone(true);
      },
      onError: (error) => {
        const found = toFormErrors(error, 'own', [], 'submit', t);
        // Field paths (aircall.number, product_lists.0.name) point at their input; list problems at the textarea.
        const byField: Record<string, string> = {};
        for (const [path, text] of Object.entries(found.byField)) {
          byField[path.startsWith('product_lists') ? 'product_lists' : path] ??= text;
        }
        const paths = Object.keys(byField);
        setErrors({
          byField,
          // Each summary line links to its field (an error without fields keeps the generic summary).
          summary:
            paths.length === 0
              ? found.summary
              : paths.map((path) => ({
                  href: path === 'product_lists' ? '#own-product_lists' : `#${field(path)}`,
                  text: byField[path]!,
                })),
        });
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('ownSettings.title')}>
      <ErrorSummary errors={errors.summary} />
      {done ? <Alert tone="success">{t('ownSettings.saved')}</Alert> : null}
      {(['aircall', 'correos'] as const).map((group) => (
        <fieldset key={group} className="fieldset">
          <legend>{t(group === 'aircall' ? 'ownSettings.aircall' : 'ownSettings.correos')}</legend>
          {TEXT_FIELDS.filter(([g]) => g === group).map(([, name, label]) => {
            const path = `${group}.${name}`;
            return (
              <TextInput
                key={path}
                id={field(path)}
                label={t(label)}
                hint={t(path === 'aircall.number' ? 'ownSettings.aircallNumberHint' : 'ownSettings.codeHint')}
                optional
                value={values[path] ?? ''}
                error={errors.byField[path]}
                onChange={(e) => setValues((old) => ({ ...old, [path]: e.target.value }))}
              />
            );
          })}
        </fieldset>
      ))}
      <Textarea
        id="own-product_lists"
        label={t('ownSettings.productLists')}
        hint={t('ownSettings.productListsHint')}
        rows={6}
        value={lists}
        error={errors.byField.product_lists}
        onChange={(e) => setLists(e.target.value)}
      />
      <Button type="submit" pending={save.isPending}>
        {t('ownSettings.save')}
      </Button>
    </form>
  );
}

/** `/agentes/conectados`: the staff active in the last minutes (admins; spec: online-agents), refreshed every 30 s. */
export function OnlineAgentsRoute() {
  const t = useT();
  const format = useFormat();
  useDocumentTitle(t('onlineAgents.title'));
  const online = useQuery({
    queryKey: [...queryKeys.backoffice, 'online-agents'] as const,
    queryFn: ({ signal }) => api.GET('/api/backoffice/agents/online', { signal }),
    refetchInterval: 30_000,
  });
  return (
    <>
      <PageHeading>{t('onlineAgents.title')}</PageHeading>
      {online.isPending ? <Spinner /> : null}
      {online.isError ? <Alert>{errorText(online.error, t)}</Alert> : null}
      {online.data ? (
        <>
          <p>{t('onlineAgents.intro', { minutes: online.data.window_minutes })}</p>
          {online.data.items.length === 0 ? (
            <p>{t('onlineAgents.none')}</p>
          ) : (
            <Table
              caption={t('onlineAgents.title')}
              captionHidden
              rowKey={(a) => a.id}
              rows={online.data.items}
              columns={[
                { key: 'name', header: t('onlineAgents.name'), cell: (a) => a.name },
                { key: 'role', header: t('onlineAgents.role'), cell: (a) => t(`staff.role.${a.role}`) },
                { key: 'seen', header: t('onlineAgents.lastSeen'), cell: (a) => format.dateTime(a.last_seen_at) },
              ]}
            />
          )}
        </>
      ) : null}
    </>
  );
}
