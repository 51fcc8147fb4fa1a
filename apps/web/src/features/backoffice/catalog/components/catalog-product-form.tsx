import { useState, type FormEvent } from 'react';
import { errorText } from '../../../../shared/auth';
import { useT } from '../../../../shared/i18n';
import { isApiError, type ApiError } from '../../../../shared/lib/api-client';
import {
  Button,
  CheckboxGroup,
  ErrorSummary,
  RadioGroup,
  Textarea,
  TextInput,
  type ErrorSummaryItem,
} from '../../../../shared/ui';
import { useSaveProductFields, type CatalogProductDetail, type ProductStatus } from '../api/catalog-admin';
import { normalisePrice } from '../lib/catalog-edit';
import { StaleProductAlert } from './stale-product-alert';

type Field =
  | 'name'
  | 'short_description'
  | 'description'
  | 'custom_text'
  | 'meta_title'
  | 'meta_description'
  | 'base_price'
  | 'status'
  | 'stores';
const FIELD_ORDER: Field[] = [
  'name',
  'short_description',
  'description',
  'custom_text',
  'meta_title',
  'meta_description',
  'base_price',
  'status',
  'stores',
];
const id = (field: Field) => `catalog-${field.replaceAll('_', '-')}`;

interface CatalogProductFormProps {
  product: CatalogProductDetail;
  /** After a 409: load the latest version (the form then starts from it). */
  onReload: () => void;
  onErrorsChange: (hasErrors: boolean) => void;
  /** After a save (the page says so: this form starts again from the saved version). */
  onSaved: () => void;
}

/**
 * The editable fields of a product, saved with the version loaded: errors are checked here first (name, price,
 * stores) and then by the server, whose field errors and linter problems come back in the same error summary.
 */
// size: a flat form, one control per product field bound to its state; the checks and the save are the 60 lines
// above the markup, and a hook would only pass the nine fields back and forth.
export function CatalogProductForm({ product, onReload, onErrorsChange, onSaved }: CatalogProductFormProps) {
  const t = useT();
  const save = useSaveProductFields(String(product.product_id));
  const [name, setName] = useState(product.name);
  const [short, setShort] = useState(product.short_description);
  const [description, setDescription] = useState(product.description);
  const [faq, setFaq] = useState(product.custom_text);
  const [metaTitle, setMetaTitle] = useState(product.meta_title);
  const [metaDescription, setMetaDescription] = useState(product.meta_description);
  const [price, setPrice] = useState<string>(product.base_price);
  const [status, setStatus] = useState<ProductStatus>(product.status);
  const [stores, setStores] = useState(product.stores.map(String));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<ApiError | Error | null>(null);

  function show(next: Partial<Record<Field, string>>, error: ApiError | Error | null) {
    setErrors(next);
    setFailure(error);
    onErrorsChange(Object.keys(next).length > 0 || error !== null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const basePrice = normalisePrice(price);
    const local: Partial<Record<Field, string>> = {};
    if (name.trim() === '') local.name = t('catalogAdmin.errorName');
    if (basePrice === null) local.base_price = t('catalogAdmin.errorPrice');
    if (stores.length === 0) local.stores = t('catalogAdmin.errorStores');
    show(local, null);
    if (Object.keys(local).length > 0 || basePrice === null) return;
    save.mutate(
      {
        version: product.version,
        name: name.trim(),
        short_description: short,
        description,
        custom_text: faq,
        meta_title: metaTitle,
        meta_description: metaDescription,
        base_price: basePrice,
        status,
        stores: stores.map(Number).sort((a, b) => a - b),
      },
      {
        onSuccess: () => {
          show({}, null);
          onSaved();
        },
        onError: (error) => {
          const byField: Partial<Record<Field, string>> = {};
          if (isApiError(error))
            for (const f of error.fields ?? [])
              if (FIELD_ORDER.includes(f.field as Field)) byField[f.field as Field] = f.message;
          show(byField, error as ApiError);
        },
      },
    );
  }

  const summary: ErrorSummaryItem[] = FIELD_ORDER.filter((f) => errors[f]).map((f) => ({
    href: `#${id(f)}`,
    text: errors[f]!,
  }));
  if (failure && summary.length === 0) {
    const problems = isApiError(failure) ? (failure.problems ?? []) : [];
    if (problems.length > 0)
      for (const p of problems)
        summary.push({
          href: `#${id(p.path === 'stores' || p.rule === 'mixed-vat-countries' ? 'stores' : 'name')}`,
          text: p.message,
        });
    else if (!isApiError(failure, 409)) summary.push({ href: `#${id('name')}`, text: errorText(failure, t) });
  }

  return (
    <>
      <ErrorSummary errors={summary} />
      <StaleProductAlert failure={failure} onReload={onReload} />
      <form onSubmit={submit} noValidate>
        <TextInput
          id={id('name')}
          label={t('catalogAdmin.fieldName')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
        />
        <Textarea
          id={id('short_description')}
          label={t('catalogAdmin.fieldShort')}
          rows={2}
          value={short}
          onChange={(e) => setShort(e.target.value)}
          error={errors.short_description}
          optional
        />
        <Textarea
          id={id('description')}
          label={t('catalogAdmin.fieldDescription')}
          rows={5}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          error={errors.description}
          optional
        />
        <Textarea
          id={id('custom_text')}
          label={t('catalogAdmin.fieldFaq')}
          hint={t('catalogAdmin.fieldFaqHint')}
          rows={10}
          spellCheck={false}
          value={faq}
          onChange={(e) => setFaq(e.target.value)}
          error={errors.custom_text}
          optional
        />
        <TextInput
          id={id('meta_title')}
          label={t('catalogAdmin.fieldMetaTitle')}
          hint={t('catalogAdmin.fieldMetaTitleHint')}
          maxLength={70}
          value={metaTitle}
          onChange={(e) => setMetaTitle(e.target.value)}
          error={errors.meta_title}
          optional
        />
        <Textarea
          id={id('meta_description')}
          label={t('catalogAdmin.fieldMetaDescription')}
          hint={t('catalogAdmin.fieldMetaDescriptionHint')}
          rows={3}
          maxLength={170}
          value={metaDescription}
          onChange={(e) => setMetaDescription(e.target.value)}
          error={errors.meta_description}
          optional
        />
        <TextInput
          id={id('base_price')}
          label={t('catalogAdmin.fieldPrice')}
          hint={t('catalogAdmin.fieldPriceHint')}
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          error={errors.base_price}
        />
        <RadioGroup
          id={id('status')}
          name="status"
          legend={t('catalogAdmin.fieldStatus')}
          value={status}
          onChange={(value) => setStatus(value as ProductStatus)}
          error={errors.status}
          items={[
            { value: 'enabled', label: t('catalogAdmin.status.enabled'), hint: t('catalogAdmin.statusEnabledHint') },
            { value: 'disabled', label: t('catalogAdmin.status.disabled'), hint: t('catalogAdmin.statusDisabledHint') },
          ]}
        />
        <CheckboxGroup
          id={id('stores')}
          legend={t('catalogAdmin.fieldStores')}
          values={stores}
          onChange={setStores}
          error={errors.stores}
          items={product.store_choices.map((s) => ({
            value: String(s.store_id),
            label: `${s.store_id} · ${s.name} (${s.country})`,
          }))}
        />
        <Button pending={save.isPending}>{t('catalogAdmin.save')}</Button>
      </form>
    </>
  );
}
