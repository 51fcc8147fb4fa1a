import { useT, type MessageKey } from '../../../../shared/i18n';
import type { BackofficeListItem } from '../../../../shared/lib/api-contract';
import { VisuallyHidden } from '../../../../shared/ui';
import './items-search.css';

type FlagName = Exclude<keyof BackofficeListItem['flags'], 'country'>;

/** Short label and the longer explanation (shown on hover, read with the badge) of each derived flag. */
const FLAGS: ReadonlyArray<{ flag: FlagName; label: MessageKey; title: MessageKey; tone: string }> = [
  { flag: 'urgent', label: 'search.flagUrgent', title: 'search.flagUrgentTitle', tone: 'danger' },
  {
    flag: 'incident_shown_to_client',
    label: 'search.flagIncident',
    title: 'search.flagIncidentTitle',
    tone: 'warning',
  },
  {
    flag: 'client_email_answered',
    label: 'search.flagClientAnswered',
    title: 'search.flagClientAnsweredTitle',
    tone: 'info',
  },
  { flag: 'responded', label: 'search.flagResponded', title: 'search.flagRespondedTitle', tone: 'success' },
  { flag: 'claimed_from_registrars', label: 'search.flagClaimed', title: 'search.flagClaimedTitle', tone: 'gray' },
  { flag: 'related_orders', label: 'search.flagRelated', title: 'search.flagRelatedTitle', tone: 'gray' },
  {
    flag: 'nota_simple_refreshable',
    label: 'search.flagRefreshable',
    title: 'search.flagRefreshableTitle',
    tone: 'gray',
  },
];

/** The derived flags of a list row as short badges; each says in words what it means (never colour alone). */
export function ItemFlagBadges({ row }: { row: BackofficeListItem }) {
  const t = useT();
  const shown = FLAGS.filter(({ flag }) => row.flags[flag]);
  const country = row.flags.country;
  if (shown.length === 0 && !country) return null;
  return (
    <ul className="flag-badges" aria-label={t('search.colFlags')}>
      {country ? (
        <li
          className="flag-badge flag-badge--gray"
          title={t(country === 'PT' ? 'search.countryPT' : 'search.countryES')}
        >
          <VisuallyHidden>{t('search.country')}: </VisuallyHidden>
          {country}
        </li>
      ) : null}
      {shown.map(({ flag, label, title, tone }) => (
        <li key={flag} className={`flag-badge flag-badge--${tone}`} title={t(title)}>
          {t(label)}
          {flag === 'related_orders' && row.related_item_ids.length > 0 ? (
            <VisuallyHidden>: {row.related_item_ids.join(', ')}</VisuallyHidden>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
