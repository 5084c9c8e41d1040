export { AttributesField } from "./attributes-field";
export { ConfirmDeleteDialog, useConfirmDelete, type ConfirmDeleteOptions } from "./confirm-delete";
export {
  CheckboxField,
  DateField,
  MoneyField,
  PercentField,
  PhoneField,
  PostalCodeField,
  QuantityField,
  SelectField,
  ChoiceField,
  ChoicesField,
  StateField,
  SwitchField,
  TextField,
  type BoundFieldProps,
} from "./fields";
export { FormSkeleton } from "./form-skeleton";
export { useFormMessages, type FormMessages } from "./form-messages";
export { useLocalCheck } from "./local-checks";
export { EditRecordPage, NewRecordPage, ToggleActiveButton, type EditRecordPageProps, type RecordPageOptions } from "./record-pages";
export type { ResourceName } from "./resources";
export { ResourceForm, useResourceForm, type ResourceFormProps, type ResourceFormReturn } from "./resource-form";
export { applyServerErrors, fieldMessage, FORM_ERROR } from "./server-errors";
export { UnsavedChangesProvider, useGuardedNavigation, useUnsavedChanges } from "./unsaved-changes";
