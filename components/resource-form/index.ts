export { AttributesField } from "./attributes-field";
export { ConfirmDeleteDialog, useConfirmDelete, type ConfirmDeleteOptions } from "./confirm-delete";
export { CheckboxField, NumberField, SelectField, SwitchField, TextField, type BoundFieldProps } from "./fields";
export { ResourceForm, useResourceForm, type ResourceFormProps } from "./resource-form";
export { applyServerErrors, fieldMessage, FORM_ERROR } from "./server-errors";
