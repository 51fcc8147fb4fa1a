import type { FileReference } from '../../../shared/lib/api-contract';

/**
 * The wizard keeps every answer as text (drafts, page values, the check-answers page). A file question's answer, a
 * file reference, is kept as its JSON; it becomes an object again only in the request body (toApiAnswers).
 */
export function encodeFileAnswer(reference: FileReference): string {
  const { file_id, filename, size, content_type } = reference;
  return JSON.stringify({ file_id, filename, size, content_type });
}

/** The file reference a wizard answer holds, or null when it is not one (any other text). */
export function decodeFileAnswer(value: string | undefined): FileReference | null {
  if (!value || !value.startsWith('{"file_id":')) return null;
  try {
    const parsed = JSON.parse(value) as Partial<FileReference>;
    if (typeof parsed.file_id !== 'string' || parsed.file_id === '') return null;
    return {
      file_id: parsed.file_id,
      filename: typeof parsed.filename === 'string' ? parsed.filename : '',
      size: typeof parsed.size === 'number' ? parsed.size : 0,
      content_type: typeof parsed.content_type === 'string' ? parsed.content_type : '',
    };
  } catch {
    return null;
  }
}

/** Whether an API answer value is a file reference object. */
export function isFileReferenceValue(value: unknown): value is FileReference {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    typeof (value as { file_id?: unknown }).file_id === 'string'
  );
}
