/** The design system: theme, recipes and primitives. Imports only the model. */
export * from './theme.css';
export * as styles from './styles.css';
export { Button, type ButtonProps } from './Button';
export { TextField, TextAreaField, SelectField, CheckboxField, type SelectOption } from './FormFields';
export { NumberField, type NumberFieldProps } from './NumberField';
export { FormModal, type FormModalProps } from './FormModal';
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { ProgressModal, type ProgressModalProps } from './ProgressModal';
export { EmptyState } from './EmptyState';
export { ErrorOverlay } from './ErrorOverlay';
export { ToastRegion, notify, useToasts, type Toast } from './Toast';
export { Tabs, type TabItem } from './Tabs';
export { DataTable, type DataTableProps } from './DataTable';
export { DevicePreview, DEVICE_WIDTHS, type Device } from './DevicePreview';
export { Segmented, type SegmentedProps } from './Segmented';
export { LockIcon } from './LockIcon';
export { useBusyAction } from './useBusyAction';
