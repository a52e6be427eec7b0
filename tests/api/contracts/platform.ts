/**
 * The order-platform contract (integrations/platform.ts), checked against a platform that
 * holds the demo catalogue: stores, shipping methods and categories by id, the template
 * host's templates, and the ids it allocates.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_TYPES, STORE_IDS } from '../../../src/model/constants.ts';
import { TemplateFormSchema } from '../../../src/model/template-write.ts';
import { MAX_CAMPAIGN_ID, type OrderPlatform } from '../../../src/server/integrations/platform.ts';

/** Registers the contract's tests; `make` returns a platform with the demo catalogue (shipping 1–6, categories 101–108). */
export function orderPlatformContract(name: string, make: () => OrderPlatform | Promise<OrderPlatform>): void {
  describe(`order platform contract: ${name}`, () => {
    it('lists the stores (ids 1 and 2)', async () => {
      const p = await make();
      expect((await p.stores()).map((s) => s.ID)).toEqual([...STORE_IDS]);
    });

    it('answers shipping methods and categories by id, null when unknown', async () => {
      const p = await make();
      expect(await p.shipping(5)).toMatchObject({ ID: 5, name: expect.any(String), price: expect.any(Number) });
      expect(await p.shipping(999)).toBeNull();
      expect(await p.category(101)).toMatchObject({ sticky_id: 101, name: expect.any(String) });
      expect(await p.category(99_999)).toBeNull();
    });

    it('offers templates a template form accepts, one per page type but split', async () => {
      const p = await make();
      const list = await p.templates();
      expect(list.map((t) => t.page_type).sort()).toEqual(PAGE_TYPES.filter((t) => t !== 'split').sort());
      for (const t of list) expect(TemplateFormSchema.safeParse(t).success, t.name).toBe(true);
    });

    it('allocates fresh campaign ids of at most 5 digits, and product ids', async () => {
      const p = await make();
      const ids = await p.newCampaignIds(3);
      expect(new Set(ids).size).toBe(3);
      for (const id of ids) expect(id).toBeLessThanOrEqual(MAX_CAMPAIGN_ID);
      expect(await p.newProductId()).toBeGreaterThan(0);
    });

    it('creates a product and campaigns, answering the platform ids (created there first)', async () => {
      const p = await make();
      const sku = `CT-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
      const product = await p.createProduct({
        name: 'Contract Serum',
        description: 'Made by the contract',
        sku,
        price: 19.99,
        cost_of_goods: 3.5,
        weight: 0.2,
        max_quantity: 100,
        billing_model: 2,
        category: 'Skin Care',
        shipping_id: 1,
      });
      expect(product.id).toBeGreaterThan(0);
      const made = await p.createCampaigns([
        { name: `Contract US ${sku}`, description: '', country_code: 'US', payment_method: 'card', shipping_id: 1 },
        { name: `Contract PP ${sku}`, description: '', country_code: 'US', payment_method: 'paypal', shipping_id: null },
      ]);
      expect(made).toHaveLength(2);
      expect(new Set(made.map((c) => c.id)).size).toBe(2);
      for (const c of made) expect(c.id).toBeLessThanOrEqual(MAX_CAMPAIGN_ID);
      // A platform that sends the create out names what it sent and the answer's id (for the audit log).
      for (const c of [product, ...made]) if (c.sent) expect(c.sent.answer_id).toBe(String(c.id));
    });

    it('updates a product by its platform id; a platform with a catalogue of its own finds it by id, and null for an unknown id', async () => {
      const p = await make();
      const sku = `CU-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
      const input = {
        name: 'Contract Balm',
        description: '',
        sku,
        price: 9.5,
        cost_of_goods: 1,
        weight: 0.1,
        max_quantity: 10,
        billing_model: 2,
        category: '',
        shipping_id: null,
      };
      const { id } = await p.createProduct(input);
      const updated = await p.updateProduct(id, { ...input, name: 'Contract Balm 2', price: 11 });
      expect(updated.id).toBe(id);
      if (updated.sent) expect(updated.sent.answer_id).toBe(String(id));
      if (p.product) {
        expect(await p.product(id)).toEqual({ id, name: 'Contract Balm 2', sku });
        expect(await p.product(99_994)).toBeNull();
      }
    });
  });
}
