/**
 * The product list's dialogs' forms, loaded when one opens (ProductList.tsx): Add product (the
 * offer, then the product form) and the Edit form of a listed product.
 */
import { useState } from 'react';
import { MSG, type Offer, type ProductFormValues } from '../../../model';
import { SelectField } from '../../../ui';
import { ProductForm, productFormOf } from '../../../ui/catalog/ProductForm';
import type { ProductListItem } from '../api';

/** Add product's form: the offer (required, 'Please select an offer'), then the product form. */
export function AddProduct({ id, offers, onSave }: { id: string; offers: readonly Offer[]; onSave: (v: ProductFormValues) => Promise<unknown> }) {
  const [offerId, setOfferId] = useState<number | null>(null);
  const [offerError, setOfferError] = useState<string | undefined>();
  return (
    <>
      <SelectField
        label="Offer"
        placeholder="Select an offer"
        value={offerId ?? ''}
        error={offerError}
        options={offers.map((o) => ({ value: o.offer_id, label: `${o.name} (${o.offer_id})` }))}
        onChange={(e) => {
          setOfferId(e.target.value === '' ? null : Number(e.target.value));
          setOfferError(undefined);
        }}
      />
      {/* The form's own offer_id is a placeholder: the offer chosen above replaces it when saving. */}
      <ProductForm
        id={id}
        defaultValues={{ offer_id: offers[0]?.offer_id ?? 1 }}
        onSave={async (v) => {
          if (offerId === null)
            setOfferError(MSG.offerRequired); // nothing saved, the dialog stays open
          else await onSave({ ...v, offer_id: offerId });
        }}
      />
    </>
  );
}

/** The Edit dialog's form: `product`'s values, its bundle flag; `onSave` as {@link ProductForm}'s. */
export function EditProductForm({ id, product, onSave }: { id: string; product: ProductListItem; onSave: (v: ProductFormValues) => Promise<unknown> }) {
  return <ProductForm id={id} defaultValues={productFormOf(product)} bundle={!!product.bundle} onSave={onSave} />;
}
