import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLanguage, useT } from '../../../../shared/i18n';
import type { BackofficeItem } from '../../../../shared/lib/api-contract';
import { streamDraft, useAttachPdf, type DraftKind } from '../api/assistant';

type Phase =
  | { state: 'idle' }
  | { state: 'streaming' }
  | { state: 'done'; truncated: boolean }
  | { state: 'cancelled' }
  | { state: 'failed'; text: string; detail?: string };

/**
 * The document assistant's draft (assistant-panel.tsx is its view): the request (kind, instruction, file), the draft
 * streamed into the editor as it arrives (cancel stops the model, and so does leaving the order), and the draft
 * attached to the order as a PDF.
 */
export function useAssistantDraft(item: BackofficeItem) {
  const t = useT();
  const language = useLanguage();
  const itemId = String(item.item_id);
  const attach = useAttachPdf(itemId);
  const [kind, setKind] = useState<DraftKind>('document');
  const [query, setQuery] = useState('');
  const [fileId, setFileId] = useState('');
  const [draft, setDraft] = useState('');
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const [queryError, setQueryError] = useState<string | undefined>();
  const [draftError, setDraftError] = useState<string | undefined>();
  const [attached, setAttached] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the order (tab closed, another order) stops the model too.
  useEffect(() => () => controller.current?.abort(), []);

  async function generate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (kind !== 'pildora' && !query.trim()) {
      setQueryError(t('assistant.queryRequired'));
      document.getElementById('assistant-query')?.focus();
      return;
    }
    setQueryError(undefined);
    setAttached(null);
    setDraft('');
    const abort = new AbortController();
    controller.current = abort;
    setPhase({ state: 'streaming' });
    const body =
      kind === 'pildora' ? {} : kind === 'agent' ? { query } : { query, ...(fileId ? { fileId: Number(fileId) } : {}) };
    const result = await streamDraft(itemId, kind, body, {
      signal: abort.signal,
      language,
      onContent: (text) => setDraft((current) => current + text),
    });
    controller.current = null;
    if (result.kind === 'done') setPhase({ state: 'done', truncated: result.truncated });
    else if (result.kind === 'cancelled') setPhase({ state: 'cancelled' });
    else setPhase({ state: 'failed', text: result.text, ...(result.detail ? { detail: result.detail } : {}) });
  }

  function makePdf() {
    setAttached(null);
    if (!draft.trim()) {
      setDraftError(t('assistant.draftRequired'));
      document.getElementById('assistant-draft')?.focus();
      return;
    }
    setDraftError(undefined);
    attach.mutate(
      { content: draft, version: item.updated_at },
      { onSuccess: (saved) => setAttached(t('assistant.pdfAttached', { name: saved.file.filename })) },
    );
  }

  return {
    kind,
    setKind,
    query,
    setQuery,
    queryError,
    fileId,
    setFileId,
    draft,
    setDraft,
    draftError,
    phase,
    streaming: phase.state === 'streaming',
    generate,
    cancel: () => controller.current?.abort(),
    attach,
    attached,
    makePdf,
  };
}
