"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { ActiveBadge } from "@/components/data-table";
import { listHref } from "@/components/data-table";
import { Breadcrumbs } from "@/components/panel/breadcrumbs";
import { useCan, useCurrentUser } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { FiscalNumberField } from "@/components/parties/fiscal-number-field";
import { useSellerOptions } from "@/components/parties/options";
import { ReferenceSelectField } from "@/components/parties/reference-select-field";
import { FormSkeleton, ResourceForm, SelectField, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { RecordActivity } from "@/components/records/record-activity";
import { Card, CardContent } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { userUpdate, type User, type UserUpdateOutput } from "@/server/users/schemas";
import { useEnumLabel } from "@/lib/i18n";
import { useRoleOptions } from "../../access-keys/roles";

export function EditUser({ id }: { id: string }) {
  const t = useTranslations("users");
  const activity = useTranslations("activity");
  const router = useRouter();
  const isAdmin = useCan("admin");
  const utils = trpc.useUtils();
  const user = trpc.users.get.useQuery({ id }, { enabled: isAdmin });
  const update = trpc.users.update.useMutation({ onSuccess: () => utils.users.invalidate() });

  const back = <Breadcrumbs items={[{ label: t("title"), href: listHref("/users") }, { label: user.data?.name ?? t("one") }]} />;
  if (!isAdmin) {
    return (
      <>
        <PageHeader title={t("title")}>{back}</PageHeader>
        <p role="alert" className="text-sm text-muted-foreground">
          {t("adminsOnly")}
        </p>
      </>
    );
  }
  if (user.error) return <LoadFailure error={user.error} breadcrumbs={back} onRetry={() => user.refetch()} />;
  const data = user.data;
  return (
    <>
      <PageHeader
        title={data ? data.name : <Skeleton className="h-8 w-56" />}
        description={data?.email}
        actions={data && <ActiveBadge active={data.active} />}
      >
        {back}
      </PageHeader>
      <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="max-w-3xl">
          <CardContent>
            {data ? (
              <UserForm
                key={data.updated_at}
                user={data}
                onSubmit={async (values) => {
                  const saved = await update.mutateAsync({ ...values, id });
                  toast.success(t("saved", { name: saved.name }));
                  router.push(listHref("/users"));
                }}
              />
            ) : (
              <FormSkeleton label={t("one")} />
            )}
          </CardContent>
        </Card>
        {data && (
          <aside className="grid gap-6" aria-label={activity("aside")}>
            <RecordActivity entity="user" id={data.id} version={data} />
          </aside>
        )}
      </div>
    </>
  );
}

function UserForm({ user, onSubmit }: { user: User; onSubmit: (values: UserUpdateOutput) => Promise<unknown> }) {
  const t = useTranslations("users");
  const common = useTranslations("common");
  const roleLabel = useEnumLabel("role");
  const roleOptions = useRoleOptions();
  const me = useCurrentUser();
  const self = me.id === user.id;
  const sellers = useSellerOptions();
  const form = useResourceForm(userUpdate, {
    defaultValues: {
      name: user.name,
      email: user.email,
      role: user.role,
      active: user.active,
      seller_id: user.seller_id,
      fiscal_registration_number: formatFiscalNumber(user.fiscal_registration_number),
      profile: user.profile ?? "",
    },
    labels: "users.fields",
  });
  return (
    <ResourceForm form={form} onSubmit={onSubmit} submitLabel={common("saveChanges")} cancelHref={listHref("/users")}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={form.control} name="name" label={t("fields.name")} required maxLength={120} autoComplete="off" />
        <TextField control={form.control} name="email" label={t("fields.email")} type="email" required autoComplete="off" />
      </div>
      {self ? (
        <Field label={t("fields.role")} description={t("ownRole")}>
          <Input value={roleLabel(user.role)} readOnly disabled />
        </Field>
      ) : (
        <>
          <SelectField control={form.control} name="role" label={t("fields.role")} required options={roleOptions} />
          <SwitchField control={form.control} name="active" label={t("fields.active")} description={t("activeDescription")} />
        </>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <ReferenceSelectField
          control={form.control}
          name="seller_id"
          label={t("fields.seller_id")}
          options={sellers.options}
          loading={sellers.loading}
          description={t("sellerDescription")}
        />
        <FiscalNumberField control={form.control} name="fiscal_registration_number" label={t("fields.fiscal_registration_number")} />
      </div>
      <TextField
        control={form.control}
        name="profile"
        label={t("fields.profile")}
        maxLength={100}
        autoComplete="off"
        description={t("profileDescription")}
      />
    </ResourceForm>
  );
}
