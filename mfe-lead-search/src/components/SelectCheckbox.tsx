import { Checkbox } from '@chakra-ui/react';

export interface SelectCheckboxProps {
  /** The accessible name ("Select Ada Lovelace"), read out but not shown: the row says whose box it is. */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** The design system's checkbox for choosing a row of a table or a card (a bulk action's selection). */
export function SelectCheckbox({ label, checked, onChange }: SelectCheckboxProps) {
  return (
    <Checkbox.Root size="sm" checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label srOnly>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}
