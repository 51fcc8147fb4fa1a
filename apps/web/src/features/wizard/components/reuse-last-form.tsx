import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui';
import { useShopConfig } from '../api/shop-config';
import { writeDraft } from '../lib/draft-storage';
import { reusableLastForm } from '../lib/last-form';
import type { WizardPaths } from '../lib/wizard-paths';

/**
 * On the first page of a new nota simple: offers the answers of the last one added to the cart, within the configured
 * window (GET /api/config, -1 always). Using them opens the check-answers page, where every answer has "Cambiar".
 */
export function ReuseLastForm({ storeId, urlKey, paths }: { storeId: number; urlKey: string; paths: WizardPaths }) {
  const t = useT();
  const navigate = useNavigate();
  const config = useShopConfig();
  const [now] = useState(() => Date.now());
  if (!config.data) return null;
  const last = reusableLastForm(storeId, urlKey, config.data.nota_simple_reuse_seconds, now);
  if (!last) return null;

  function reuse() {
    if (!last) return;
    // Every reused answer counts as asked; the check-answers page re-evaluates them and asks what is missing.
    writeDraft(storeId, urlKey, {
      answers: last.answers,
      seen: Object.keys(last.answers).map(Number),
      lastPath: paths.confirmation,
      lastStep: 0,
    });
    navigate(paths.confirmation);
  }

  return (
    <section className="inset-text wizard-reuse" aria-labelledby="reuse-title">
      <h2 id="reuse-title">{t('flows.reuseTitle')}</h2>
      <p>{t('flows.reuseText')}</p>
      <Button variant="secondary" type="button" onClick={reuse}>
        {t('flows.reuseButton')}
      </Button>
    </section>
  );
}
