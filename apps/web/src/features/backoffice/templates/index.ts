export {
  type TemplateKind,
  type TemplateValues,
  useItemTemplateAction,
  usePreview,
  useStaffIncidence,
  useTemplates,
} from './api/templates';
export { CannedPicker } from './components/canned-picker';
export { TemplateDialog } from './components/template-dialog';
export { TemplatePreview } from './components/template-preview';
export { CannedResponsesRoute } from './routes/canned-responses.route';
export { TemplateEditRoute } from './routes/template-edit.route';
export { TemplatesRoute } from './routes/templates.route';
