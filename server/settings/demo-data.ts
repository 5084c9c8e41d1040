import type { Db } from "../db/scoped";
import { deliveryMethods, replaceOpeningHours } from "./delivery-methods/service";
import type { OpeningHour } from "./delivery-methods/schemas";
import { entityAttributes } from "./entity-attributes/service";
import { paymentMethods } from "./payment-methods/service";

const weekdaysOf = (days: number[], open_time: string, close_time: string): OpeningHour[] =>
  days.map((weekday) => ({ weekday, open_time, close_time }));

/**
 * Commercial settings of the demo org: payment methods, delivery methods and a couple of
 * custom fields. The custom fields are optional: the other demo writes carry no values.
 */
export async function seedSettingsDemo(db: Db): Promise<void> {
  const none = { attributes: {}, installments: [] };
  await paymentMethods.service.create(db, {
    ...none,
    name: "Cartão de crédito",
    type: "CREDIT_CARD",
    minimum_value: 50,
    maximum_value: 50_000,
    active: true,
    adjustment_rate: 0,
    minimum_installment_value: 100,
    always_visible: true,
    capture_delay: true,
    provider: {
      vendor: "Cielo",
      access_key: "demo-merchant-1029",
      secret_key: "demo_sk_4f9a2c7e81b3d6",
      attributes: { environment: "sandbox" },
    },
    condition: { type: "INSTALLMENTS", due_date: { type: "DELAY", value: 30 }, subsequent_due_date: { type: "DELAY", value: 30 } },
    installments: [1, 2, 3, 4, 5, 6].map((sequence) => ({
      sequence,
      installment_id: `${sequence}x`,
      tax: sequence <= 3 ? 0 : 1.99,
      discount: 0,
      due_date_delay: sequence * 30,
      due_date_type: "DELAY" as const,
      attributes: {},
    })),
  });
  await paymentMethods.service.create(db, {
    ...none,
    name: "PIX",
    type: "PIX",
    minimum_value: 1,
    active: true,
    adjustment_rate: -3,
    always_visible: true,
    capture_delay: false,
    condition: { type: "IN_FULL", due_date: { type: "DELAY", value: 0 } },
  });
  await paymentMethods.service.create(db, {
    ...none,
    name: "Boleto bancário 28 dias",
    type: "BOLETO",
    minimum_value: 200,
    active: true,
    always_visible: false,
    capture_delay: false,
    provider: { vendor: "Itaú", access_key: "convenio-778812", attributes: {} },
    condition: { type: "IN_FULL", due_date: { type: "DELAY", value: 28 } },
  });

  const common = { active: true, attributes: {} };
  await deliveryMethods.service.create(db, {
    ...common,
    name: "Retirada no CD Barueri",
    type: "PICKUP",
    price_type: "FREE",
    custom_label: "Retire em 2 horas",
    notes: "Av. Tamboré, 1400 — doca 3. Apresente o número do pedido.",
    period_type: "HOURS",
    period_start: 2,
    period_end: 4,
  });
  await deliveryMethods.service.create(db, {
    ...common,
    name: "Frota própria — Grande São Paulo",
    type: "OWN_FLEET",
    price_type: "FIXED",
    price: 45,
    custom_label: "Entrega em 1 dia útil",
    period_type: "DAYS",
    period_start: 1,
    period_end: 2,
  });
  const carrier = await deliveryMethods.service.create(db, {
    ...common,
    name: "Transportadora Rodonaves",
    type: "CARRIER",
    price_type: "PER_WEIGHT",
    price: 2.8,
    custom_label: "Frete por kg",
    notes: "Coleta no CD nos horários de expedição.",
    period_type: "DAYS",
    period_start: 3,
    period_end: 8,
  });
  await replaceOpeningHours(db, carrier.id as string, [
    ...weekdaysOf([1, 2, 3, 4, 5], "08:00", "12:00"),
    ...weekdaysOf([1, 2, 3, 4, 5], "13:00", "17:30"),
    ...weekdaysOf([6], "08:00", "12:00"),
  ]);

  await entityAttributes.service.create(db, {
    entity: "partner",
    key: "segment",
    label: "Segmento",
    type: "SELECT",
    options: ["Varejo", "Atacado", "Construtora", "Indústria"],
    required: false,
    active: true,
    attributes: {},
  });
  await entityAttributes.service.create(db, {
    entity: "product",
    key: "warranty_months",
    label: "Garantia (meses)",
    type: "NUMBER",
    options: [],
    required: false,
    active: true,
    attributes: {},
  });
}
