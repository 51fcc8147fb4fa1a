import { SAVED_ITEM_ORIGINS } from '@ventanilla/domain';
import { useT } from '../../../shared/i18n';
import { SummaryList } from '../../../shared/ui';
import { useNotaSimpleRead } from '../api/saved-items';

const NOTA_SIMPLE_PRODUCTS = new Set(
  SAVED_ITEM_ORIGINS.filter((o) => o.kind === 'property').flatMap((o) => o.productIds),
);

/**
 * The nota simple of an order line read for the customer (description, owners, charges up to the registry's warning,
 * IDUFIR), under the line's documents; nothing when the line is no nota simple or its PDF was not read.
 */
export function NotaSimpleRead({
  orderId,
  itemId,
  productId,
  hasPdf,
}: {
  orderId: string;
  itemId: number;
  productId: number;
  hasPdf: boolean;
}) {
  const t = useT();
  const read = useNotaSimpleRead(orderId, itemId, hasPdf && NOTA_SIMPLE_PRODUCTS.has(productId));
  if (!read.data) return null;
  const idufir = read.data.doc_parsed_entities.find((e) => e.entity === 'idufir')?.text_data;
  return (
    <>
      <h3>{t('saved.notaSimple')}</h3>
      <p>{t('saved.notaSimpleIntro')}</p>
      <SummaryList
        rows={[
          ...(idufir ? [{ key: 'idufir', label: t('saved.idufir'), value: idufir }] : []),
          { key: 'descripcion', label: t('saved.descripcion'), value: read.data.doc_parsed.descripcion },
          { key: 'titulares', label: t('saved.titulares'), value: read.data.doc_parsed.titulares },
          { key: 'cargas', label: t('saved.cargas'), value: read.data.doc_parsed.cargas },
        ]}
      />
    </>
  );
}
