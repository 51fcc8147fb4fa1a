// The wizard's screens (steps, check answers, a customer's drafts and corrections): one chunk.
export { ConfirmationRoute, ProductConfirmationRoute } from '../../features/wizard/routes/confirmation.route';
export { ProductStepRoute, WizardStepRoute } from '../../features/wizard/routes/wizard-step.route';
export { ResumeDraftRoute } from '../../features/wizard/routes/resume-draft.route';
export { UpdateItemRoute } from '../../features/wizard/routes/update-item.route';
export { CartEditRoute } from '../../features/wizard/routes/cart-edit.route';
export { FastBuyRoute } from '../../features/wizard/routes/fast-buy.route';
