import type { StatusTone } from '../../../shared/ui';

/**
 * A tag style per panel status, so agents scan the list quickly; the tag always shows the status text too.
 * 0 unpaid -> danger; 60 incident -> warning; 70 denied -> gray; delivered/closed -> success; the rest in progress.
 */
export function panelStatusTone(statusId: number): StatusTone {
  if (statusId === 0) return 'danger';
  if (statusId === 60) return 'warning';
  if (statusId === 70) return 'gray';
  if (statusId === 110 || statusId === 120 || statusId === 1001) return 'success';
  return 'info';
}
