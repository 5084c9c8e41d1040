export { AttributesField } from "./attributes-field";
export { ConfirmDeleteDialog, useConfirmDelete, type ConfirmDeleteOptions } from "./confirm-delete";
export { CheckboxField, NumberField, SelectField, SwitchField, TextField, type BoundFieldProps } from "./fields";
export { FormSkeleton } from "./form-skeleton";
export { EditRecordPage, NewRecordPage, ToggleActiveButton, type EditRecordPageProps, type ListLink, type RecordPageOptions } from "./record-pages";
export { ResourceForm, useResourceForm, type ResourceFormProps } from "./resource-form";
export { applyServerErrors, fieldMessage, FORM_ERROR } from "./server-errors";
