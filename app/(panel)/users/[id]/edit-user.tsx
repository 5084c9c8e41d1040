"use client";

import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { ActiveBadge } from "@/components/data-table";
import { BackLink } from "@/components/panel/back-link";
import { useCan, useCurrentUser } from "@/components/panel/current-user";
import { LoadFailure } from "@/components/panel/load-failure";
import { PageHeader } from "@/components/panel/page-header";
import { FiscalNumberField } from "@/components/parties/fiscal-number-field";
import { useSellerOptions } from "@/components/parties/options";
import { ReferenceSelectField } from "@/components/parties/reference-select-field";
import { FormSkeleton, ResourceForm, SelectField, SwitchField, TextField, useResourceForm } from "@/components/resource-form";
import { Card, CardContent } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { trpc } from "@/lib/trpc";
import { formatFiscalNumber } from "@/server/lib/fiscal-number";
import { userUpdate, type User, type UserUpdateOutput } from "@/server/users/schemas";
import { roleLabel, roleOptions } from "../../access-keys/roles";

export function EditUser({ id }: { id: string }) {
  const router = useRouter();
  const isAdmin = useCan("admin");
  const utils = trpc.useUtils();
  const user = trpc.users.get.useQuery({ id }, { enabled: isAdmin });
  const update = trpc.users.update.useMutation({ onSuccess: () => utils.users.invalidate() });

  const back = <BackLink href="/users">Users</BackLink>;
  if (!isAdmin) {
    return (
      <>
        <PageHeader title="Users">{back}</PageHeader>
        <p role="alert" className="text-sm text-muted-foreground">
          Only admins manage users.
        </p>
      </>
    );
  }
  if (user.error) return <LoadFailure error={user.error} noun="user" back={back} onRetry={() => user.refetch()} />;
  const data = user.data;
  return (
    <>
      <PageHeader title={data ? data.name : <Skeleton className="h-8 w-56" />} description={data?.email} actions={data && <ActiveBadge active={data.active} />}>
        {back}
      </PageHeader>
      <Card className="max-w-3xl">
        <CardContent>
          {data ? (
            <UserForm
              key={data.updated_at}
              user={data}
              onSubmit={async (values) => {
                const saved = await update.mutateAsync({ ...values, id });
                toast.success(`User “${saved.name}” saved`);
                router.push("/users");
              }}
            />
          ) : (
            <FormSkeleton label="Loading user" />
          )}
        </CardContent>
      </Card>
    </>
  );
}

function UserForm({ user, onSubmit }: { user: User; onSubmit: (values: UserUpdateOutput) => Promise<unknown> }) {
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
  });
  return (
    <ResourceForm form={form} onSubmit={onSubmit} submitLabel="Save changes" cancelHref="/users">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField control={form.control} name="name" label="Name" required maxLength={120} autoComplete="off" />
        <TextField control={form.control} name="email" label="Email" type="email" required autoComplete="off" />
      </div>
      {self ? (
        <Field label="Role" description="You cannot change your own role or deactivate yourself.">
          <Input value={roleLabel[user.role]} readOnly disabled />
        </Field>
      ) : (
        <>
          <SelectField
            control={form.control}
            name="role"
            label="Role"
            required
            options={roleOptions.map((role) => ({ value: role.value, label: `${role.label}: ${role.description}` }))}
          />
          <SwitchField control={form.control} name="active" label="Active" description="Inactive users cannot sign in; their sessions stop at once." />
        </>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <ReferenceSelectField
          control={form.control}
          name="seller_id"
          label="Seller"
          options={sellers.options}
          loading={sellers.loading}
          description="For users of the Seller role: the seller they act as."
        />
        <FiscalNumberField control={form.control} name="fiscal_registration_number" label="CPF or CNPJ" />
      </div>
      <TextField control={form.control} name="profile" label="Profile" maxLength={100} autoComplete="off" description="Free text, e.g. the user's department." />
    </ResourceForm>
  );
}
