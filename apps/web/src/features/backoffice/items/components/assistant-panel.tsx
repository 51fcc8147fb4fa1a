import { ASSISTANT_QUERY_MAX } from '@ventanilla/domain';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { isApiError } from '../../../../shared/lib/api-client';
import type { BackofficeItem } from '../../../../shared/lib/api-contract';
import { Alert, Button, ButtonGroup, Select, Textarea } from '../../../../shared/ui';
import { useAssistantStatus, useSetAssistantDisabled, type DraftKind } from '../api/assistant';
import { ItemSection } from './item-sections';
import { useAssistantDraft } from './use-assistant-draft';

/**
 * The document assistant of an order (docs/integrations.md, "Document assistant"): an instruction, "Generar" streams
 * the draft into the markdown editor as it arrives (cancel stops the model), the agent edits it and "Generar PDF"
 * attaches it to the order with the store's letterhead. Without a model, or with the assistant off for this order,
 * the screen says so and only the manual draft and its PDF remain. The draft is the hook's (use-assistant-draft.ts).
 */
export default function AssistantPanel({ item }: { item: BackofficeItem }) {
  const t = useT();
  const itemId = String(item.item_id);
  const status = useAssistantStatus(itemId);
  const toggle = useSetAssistantDisabled(itemId);
  const assistant = useAssistantDraft(item);
  const { kind, query, fileId, draft, phase, streaming, attach, attached } = assistant;

  const configured = status.data?.configured ?? false;
  const disabled = status.data?.disabled ?? false;
  const canDraft = configured && !disabled;

  const liveText =
    phase.state === 'streaming'
      ? t('assistant.generating')
      : phase.state === 'done'
        ? phase.truncated
          ? t('assistant.truncated')
          : t('assistant.generated')
        : phase.state === 'cancelled'
          ? t('assistant.cancelled')
          : '';

  return (
    <ItemSection id="asistente" title={t('assistant.section')}>
      {status.isError ? <Alert>{errorText(status.error, t)}</Alert> : null}
      {status.isSuccess && !configured ? <Alert tone="info">{t('assistant.notConfigured')}</Alert> : null}
      {status.isSuccess && configured && disabled ? <Alert tone="info">{t('assistant.disabledNotice')}</Alert> : null}
      {toggle.isError ? <Alert>{errorText(toggle.error, t)}</Alert> : null}
      {status.isSuccess && configured ? (
        <ButtonGroup>
          <Button
            type="button"
            variant="secondary"
            pending={toggle.isPending}
            disabled={streaming}
            onClick={() => toggle.mutate(!disabled)}
          >
            {disabled ? t('assistant.enable') : t('assistant.disable')}
          </Button>
        </ButtonGroup>
      ) : null}

      <form noValidate onSubmit={(e) => void assistant.generate(e)} aria-describedby="assistant-live">
        <Select
          id="assistant-kind"
          label={t('assistant.kind')}
          value={kind}
          disabled={!canDraft || streaming}
          onChange={(e) => assistant.setKind(e.target.value as DraftKind)}
          items={[
            { value: 'document', label: t('assistant.kindDocument') },
            { value: 'agent', label: t('assistant.kindAgent') },
            { value: 'pildora', label: t('assistant.kindPildora') },
          ]}
        />
        {kind !== 'pildora' ? (
          <Textarea
            id="assistant-query"
            label={t('assistant.query')}
            hint={t('assistant.queryHint', { max: ASSISTANT_QUERY_MAX })}
            error={assistant.queryError}
            rows={3}
            maxLength={ASSISTANT_QUERY_MAX}
            value={query}
            disabled={!canDraft || streaming}
            onChange={(e) => assistant.setQuery(e.target.value)}
          />
        ) : null}
        {kind === 'document' && item.files.length > 0 ? (
          <Select
            id="assistant-file"
            label={t('assistant.file')}
            hint={t('assistant.fileHint')}
            optional
            value={fileId}
            disabled={!canDraft || streaming}
            onChange={(e) => assistant.setFileId(e.target.value)}
            emptyLabel={t('assistant.noFile')}
            items={item.files.map((f) => ({ value: String(f.id), label: f.filename }))}
          />
        ) : null}
        <ButtonGroup>
          <Button disabled={!canDraft} pending={streaming}>
            {t('assistant.generate')}
          </Button>
          {streaming ? (
            <Button type="button" variant="secondary" onClick={assistant.cancel}>
              {t('assistant.cancel')}
            </Button>
          ) : null}
        </ButtonGroup>
      </form>

      <p id="assistant-live" className="secondary-text" aria-live="polite" aria-atomic="true">
        {liveText}
      </p>
      {phase.state === 'failed' ? (
        <Alert title={phase.text}>{phase.detail && phase.detail !== phase.text ? <p>{phase.detail}</p> : null}</Alert>
      ) : null}

      <Textarea
        id="assistant-draft"
        label={t('assistant.draft')}
        hint={t('assistant.draftHint')}
        error={assistant.draftError}
        rows={14}
        value={draft}
        readOnly={streaming}
        aria-busy={streaming || undefined}
        onChange={(e) => assistant.setDraft(e.target.value)}
      />
      {attach.isError ? (
        <Alert title={t('assistant.pdfError')}>
          {isApiError(attach.error) && attach.error.status >= 400 && attach.error.status < 500 ? (
            <p>{errorText(attach.error, t)}</p>
          ) : null}
        </Alert>
      ) : null}
      {attached ? <Alert tone="success">{attached}</Alert> : null}
      <ButtonGroup>
        <Button
          type="button"
          variant="secondary"
          pending={attach.isPending}
          disabled={streaming}
          onClick={assistant.makePdf}
        >
          {t('assistant.makePdf')}
        </Button>
      </ButtonGroup>
    </ItemSection>
  );
}
