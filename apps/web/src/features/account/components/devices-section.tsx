import { useState } from 'react';
import { errorText } from '../../../shared/auth';
import { useFormat, useT } from '../../../shared/i18n';
import { Alert, Button, Spinner, Table } from '../../../shared/ui';
import { useDevices, useSignOutDevice, useSignOutOtherDevices, type Device } from '../api/devices';

/** The account page's remembered devices: browser and system, since when, last use; sign one out or all others. */
export function DevicesSection() {
  const t = useT();
  const format = useFormat();
  const devices = useDevices();
  const signOut = useSignOutDevice();
  const signOutOthers = useSignOutOtherDevices();
  const [done, setDone] = useState<string | null>(null);

  const name = (d: Device) => [d.browser || t('devices.unknownBrowser'), d.os].filter(Boolean).join(' · ');
  const error = signOut.error ?? signOutOthers.error;

  return (
    <section aria-labelledby="devices-title">
      <h2 id="devices-title">{t('devices.title')}</h2>
      <p>{t('devices.intro')}</p>
      {done ? <Alert tone="success">{done}</Alert> : null}
      {error ? <Alert>{errorText(error, t)}</Alert> : null}
      {devices.isPending ? <Spinner /> : null}
      {devices.data && devices.data.items.length === 0 ? <p>{t('devices.empty')}</p> : null}
      {devices.data && devices.data.items.length > 0 ? (
        <Table
          caption={t('devices.caption')}
          captionHidden
          rows={devices.data.items}
          rowKey={(d) => d.id}
          columns={[
            {
              key: 'device',
              header: t('devices.device'),
              cell: (d) => (
                <>
                  {name(d)} {d.current ? <strong>{t('devices.thisDevice')}</strong> : null}
                </>
              ),
            },
            { key: 'created', header: t('devices.created'), cell: (d) => format.dateTime(d.created_at) },
            { key: 'used', header: t('devices.lastUsed'), cell: (d) => format.dateTime(d.last_used_at) },
            {
              key: 'actions',
              header: t('devices.actions'),
              cell: (d) => (
                <Button
                  type="button"
                  variant="secondary"
                  pending={signOut.isPending && signOut.variables === d.id}
                  aria-label={t('devices.signOutLabel', { device: name(d), date: format.dateTime(d.last_used_at) })}
                  onClick={() =>
                    signOut.mutate(d.id, {
                      onSuccess: () => {
                        // This browser's own device: its session ended with it, so the app starts over signed out.
                        if (d.current) window.location.assign('/customer/authenticate');
                        else setDone(t('devices.signedOut'));
                      },
                    })
                  }
                >
                  {t('devices.signOut')}
                </Button>
              ),
            },
          ]}
        />
      ) : null}
      <Button
        type="button"
        variant="secondary"
        pending={signOutOthers.isPending}
        onClick={() => signOutOthers.mutate(undefined, { onSuccess: () => setDone(t('devices.othersSignedOut')) })}
      >
        {t('devices.signOutOthers')}
      </Button>
    </section>
  );
}
