// The shop-forms module's public surface: other modules and the app import only this file.
export { formText } from './form-texts.js';
export { shopFormsModule } from './shop-forms.module.js';
