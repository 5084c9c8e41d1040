"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { AttributesField, EditRecordPage, NewRecordPage, ResourceForm, SelectField, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { trpc } from "@/lib/trpc";
import { addressTypes, warehouseWrite, type WarehouseWrite, type WarehouseWriteOutput } from "@/server/catalog/warehouses/schemas";

const list = { href: "/warehouses", label: "Warehouses" };

const addressTypeLabels: Record<string, string> = {
  COMMERCIAL: "Commercial",
  RESIDENTIAL: "Residential",
  INDUSTRIAL: "Industrial",
  RURAL: "Rural",
};

interface WarehouseFormProps {
  defaultValues: WarehouseWrite;
  onSubmit: (values: WarehouseWriteOutput) => Promise<unknown>;
  readOnly?: boolean;
  submitLabel?: string;
  secondaryActions?: React.ReactNode;
}

/** The create and edit form of a warehouse, checked by the API's own `warehouseWrite` schema. */
export function WarehouseForm({ defaultValues, onSubmit, readOnly, submitLabel, secondaryActions }: WarehouseFormProps) {
  const form = useResourceForm(warehouseWrite, { defaultValues });
  // A type written through the API that the panel does not list is still shown.
  const types = [...new Set([...addressTypes, defaultValues.address_type].filter(Boolean))];
  const { control } = form;
  return (
    <ResourceForm form={form} onSubmit={onSubmit} readOnly={readOnly} submitLabel={submitLabel} cancelHref={list.href} secondaryActions={secondaryActions}>
      <div className="grid gap-5 sm:grid-cols-[1fr_14rem]">
        <TextField control={control} name="name" label="Name" required maxLength={200} autoComplete="off" />
        <SelectField
          control={control}
          name="address_type"
          label="Address type"
          required
          options={types.map((type) => ({ value: type, label: addressTypeLabels[type] ?? type }))}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-[1fr_8rem]">
        <TextField control={control} name="street" label="Street" required maxLength={200} autoComplete="address-line1" />
        <TextField control={control} name="number" label="Number" required maxLength={20} />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={control} name="complement" label="Complement" maxLength={200} autoComplete="address-line2" description="Building, suite... may be empty." />
        <TextField control={control} name="neighborhood" label="Neighborhood" required maxLength={200} />
      </div>
      <div className="grid gap-5 sm:grid-cols-[1fr_6rem_9rem_6rem]">
        <TextField control={control} name="city" label="City" required maxLength={200} autoComplete="address-level2" />
        <TextField control={control} name="state" label="State" required maxLength={60} autoComplete="address-level1" />
        <TextField control={control} name="postal_code" label="Postal code" required maxLength={20} autoComplete="postal-code" />
        <TextField control={control} name="country" label="Country" required maxLength={60} autoComplete="country" />
      </div>
      <SwitchField control={control} name="active" label="Active" description="Inactive warehouses are kept but hold no new stock." />
      <AttributesField control={control} name="attributes" entity="warehouse" description="Free-form custom fields of this warehouse." />
    </ResourceForm>
  );
}

const emptyWarehouse: WarehouseWrite = {
  name: "",
  address_type: "COMMERCIAL",
  street: "",
  number: "",
  complement: "",
  neighborhood: "",
  city: "",
  state: "",
  country: "BR",
  postal_code: "",
  active: true,
  attributes: {},
};

export function NewWarehouse() {
  const router = useRouter();
  const utils = trpc.useUtils();
  const create = trpc.warehouses.create.useMutation({ onSuccess: () => utils.warehouses.invalidate() });
  return (
    <NewRecordPage noun="warehouse" list={list}>
      <WarehouseForm
        defaultValues={emptyWarehouse}
        submitLabel="Create warehouse"
        onSubmit={async (values) => {
          const warehouse = await create.mutateAsync(values);
          toast.success(`Warehouse “${warehouse.name}” created`);
          router.push(list.href);
        }}
      />
    </NewRecordPage>
  );
}

export function EditWarehouse({ id }: { id: string }) {
  const router = useRouter();
  const utils = trpc.useUtils();
  const warehouse = trpc.warehouses.get.useQuery({ id });
  const update = trpc.warehouses.update.useMutation({ onSuccess: () => utils.warehouses.invalidate() });
  const remove = trpc.warehouses.remove.useMutation({ onSuccess: () => utils.warehouses.list.invalidate() });
  return (
    <EditRecordPage noun="warehouse" list={list} query={warehouse} title={(row) => row.name} remove={(row) => remove.mutateAsync({ id: row.id })}>
      {(row, { readOnly, secondaryActions }) => {
        const { id: _id, created_at: _created, updated_at: _updated, ...values } = row;
        return (
          <WarehouseForm
            key={row.updated_at}
            defaultValues={values}
            readOnly={readOnly}
            submitLabel="Save changes"
            secondaryActions={secondaryActions}
            onSubmit={async (body) => {
              const saved = await update.mutateAsync({ ...body, id });
              toast.success(`Warehouse “${saved.name}” saved`);
              router.push(list.href);
            }}
          />
        );
      }}
    </EditRecordPage>
  );
}
