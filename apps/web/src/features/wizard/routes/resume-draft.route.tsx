import { productStartPath } from '@ventanilla/domain';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorText, useSession } from '../../../shared/auth';
import { useT } from '../../../shared/i18n';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { Alert, BackLink, Link, PageHeading, Spinner } from '../../../shared/ui';
import { useServerDrafts, type ServerDraft } from '../api/server-drafts';
import { writeDraft } from '../lib/draft-storage';

/**
 * `/tienda/continuar/:urlKey`: "Continuar" from the account's unfinished orders. Copies the customer's draft kept on
 * the server into this browser and opens the page where they left off (the wizard re-evaluates every answer).
 */
export function ResumeDraftRoute() {
  const t = useT();
  const { store_id } = useSession();
  const { urlKey = '' } = useParams();
  const drafts = useServerDrafts();
  useDocumentTitle(t('flows.unfinishedTitle'));
  if (drafts.isPending) return <Spinner />;
  if (drafts.isError) return <Alert>{errorText(drafts.error, t)}</Alert>;
  const draft = drafts.data.items.find((d) => d.store_id === store_id && d.url_key === urlKey);
  if (draft) return <Resume draft={draft} />;
  return (
    <>
      <BackLink to="/orders" />
      <PageHeading>{t('flows.unfinishedTitle')}</PageHeading>
      <p>{t('flows.resumeMissing')}</p>
      <p>
        <Link to={productStartPath(urlKey)}>{t('wizard.restart')}</Link>
      </p>
    </>
  );
}

function Resume({ draft }: { draft: ServerDraft }) {
  const navigate = useNavigate();
  useEffect(() => {
    writeDraft(draft.store_id, draft.url_key, {
      answers: draft.answers,
      seen: draft.seen,
      lastPath: draft.last_path,
      lastStep: draft.last_step,
    });
    navigate(draft.last_path ?? productStartPath(draft.url_key), { replace: true });
  }, [draft, navigate]);
  return <Spinner />;
}
