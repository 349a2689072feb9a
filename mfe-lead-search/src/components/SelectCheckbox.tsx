import { CheckboxField } from '@leadsmith/shared';

export interface SelectCheckboxProps {
  /** The accessible name ("Select Ada Lovelace"), read out but not shown: the row says whose box it is. */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** The design system's checkbox for choosing a row of a table or a card (a bulk action's selection). */
export function SelectCheckbox({ label, checked, onChange }: SelectCheckboxProps) {
  return <CheckboxField label={label} hideLabel size="sm" mb={0} checked={checked} onChange={onChange} />;
}
